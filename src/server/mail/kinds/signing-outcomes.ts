import { z } from 'zod';
import { renderAccessMail, renderMail } from '../mail-layout';
import type { ContractFacts } from './contract-facts';
import { defineMail } from './define-mail';

/**
 * The most a sealed PDF may weigh to go with the e-mail: base64 makes it a third larger, and a
 * message over 10 MB is refused by many company mail servers (and over 20-25 MB by the large
 * providers). A larger one is linked instead: a signer's own signing page, the sender's contract.
 */
export const maxAttachedPdfBytes = 7 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The sealed PDF attached (with its file name), or, too large to attach, a link to download it:
 * a signer's own signing page (`access`, which expires) or the sender's contract page.
 */
type CompletedFacts = ContractFacts &
  (
    | { sealedPdf: Uint8Array; filename: string }
    | { sealedPdf: null; size: number; download: string; access: boolean; expiresAt: Date | null }
  );

/** The sealed PDF goes to everyone; until it is stored the delivery fails and is retried. */
export const completed = defineMail({
  kind: 'completed',
  params: z.object({}),
  compose(facts: CompletedFacts) {
    const { contractTitle: title, organizationName: org } = facts;
    const done = `Everyone has signed "${title}" (${org}).`;
    if (!facts.sealedPdf) {
      const parts = {
        subject: `Completed: "${title}"`,
        lines: [
          done,
          `The sealed PDF (${megabytes(facts.size)}) is too large to send by e-mail. Download it from the link below: it carries every signature and a certificate of completion, and any change to it can be detected.`,
          facts.expiresAt
            ? `The link only downloads the PDF, and works until ${facts.expiresAt.toUTCString()}; after that, ask ${facts.senderName} to send it again.`
            : '',
        ],
        action: { label: 'Download the signed PDF', url: facts.download },
      };
      // A signer's link opens their signing page as them: the outbox's copy must not hold it.
      return facts.access ? renderAccessMail(facts, parts) : renderMail(facts, parts);
    }
    const composed = renderMail(facts, {
      subject: `Completed: "${title}"`,
      lines: [
        done,
        'The sealed PDF is attached: it carries every signature and a certificate of completion, and any change to it can be detected.',
      ],
    });
    return {
      ...composed,
      attachments: [{ filename: facts.filename, content: facts.sealedPdf, contentType: 'application/pdf' }],
    };
  },
});

/** To the sender: a signer declined, or an approver rejected the contract, with their reason. */
export const declined = defineMail({
  kind: 'declined',
  params: z.object({
    signerName: z.string(),
    reason: z.string(),
    outcome: z.enum(['declined', 'rejected']).optional(),
  }),
  compose: (
    facts: ContractFacts & {
      signerName: string;
      reason: string;
      outcome?: 'declined' | 'rejected' | undefined;
    },
  ) =>
    renderMail(facts, {
      subject: `${facts.signerName} ${facts.outcome ?? 'declined'} "${facts.contractTitle}"`,
      lines: [
        facts.outcome === 'rejected'
          ? `${facts.signerName} rejected "${facts.contractTitle}" as approver, so it has been canceled.`
          : `${facts.signerName} declined to sign "${facts.contractTitle}", so it has been canceled.`,
        `Their reason: ${facts.reason}`,
      ],
      action: { label: 'Open the contract', url: facts.link },
    }),
});

/** To each signer: the sender canceled the contract, with their reason if they gave one. */
export const canceled = defineMail({
  kind: 'canceled',
  params: z.object({ reason: z.string() }),
  compose: (facts: ContractFacts & { reason: string }) =>
    renderMail(facts, {
      subject: `"${facts.contractTitle}" was canceled`,
      lines: [
        `${facts.senderName} of ${facts.organizationName} canceled "${facts.contractTitle}". There is nothing for you to sign any more.`,
        facts.reason ? `Reason: ${facts.reason}` : '',
      ],
    }),
});

/** To a recipient the sender removed while the contract was out, once they had been invited. */
export const removed = defineMail({
  kind: 'removed',
  params: z.object({}),
  compose: (facts: ContractFacts) =>
    renderMail(facts, {
      subject: `You were removed from "${facts.contractTitle}"`,
      lines: [
        `${facts.senderName} of ${facts.organizationName} removed you from "${facts.contractTitle}". There is nothing for you to do any more, and the links you were sent no longer work.`,
      ],
    }),
});

/** To the sender: the contract expired before everyone signed. */
export const expired = defineMail({
  kind: 'expired',
  params: z.object({}),
  compose: (facts: ContractFacts) =>
    renderMail(facts, {
      subject: `"${facts.contractTitle}" expired before everyone signed`,
      lines: [
        `"${facts.contractTitle}" reached its expiry date before every signer had signed; its links no longer work.`,
      ],
      action: { label: 'Open the contract', url: facts.link },
    }),
});

/** To the sender: a signer entered too many wrong codes and is locked out. */
export const signerLocked = defineMail({
  kind: 'signer_locked',
  // `signed`: they had signed, and were locked out of the page that offers the sealed PDF (a
  // message queued before it was a parameter has none: a reminder was the way then).
  params: z.object({ signerName: z.string(), signed: z.enum(['true', 'false']).optional() }),
  compose: (facts: ContractFacts & { signerName: string; signed?: 'true' | 'false' | undefined }) =>
    renderMail(facts, {
      subject: `${facts.signerName} is locked out of "${facts.contractTitle}"`,
      lines: [
        `${facts.signerName} entered a wrong code for "${facts.contractTitle}" too many times, so the document is locked for them.`,
        facts.signed === 'true'
          ? 'If it was them, choose Send again beside their name on the contract page once the contract is sealed: they get the sealed PDF again by e-mail, and their earlier links stop working. If you do not recognise this, someone else may have their link.'
          : 'If it was them, send a reminder from the contract page: it lets them try again with a new link. If you do not recognise this, someone else may have their link.',
      ],
      action: { label: 'Open the contract', url: facts.link },
    }),
});
