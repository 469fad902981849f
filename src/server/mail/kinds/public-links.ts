import { z } from 'zod';
import { type MailFrame, renderMail } from '../mail-layout';
import { defineMail } from './define-mail';

/**
 * The code a public link's visitor confirms their address with, made for this very e-mail (only
 * its hash is stored). The outbox keeps no body, only the subject; demo mode prints the code.
 */
export const publicLinkCode = defineMail({
  kind: 'public_link_code',
  params: z.object({ codeId: z.string() }),
  compose(facts: MailFrame & { templateTitle: string; code: string; expiresAt: Date }) {
    const { organizationName: org, templateTitle: title } = facts;
    const composed = renderMail(facts, {
      subject: `Your code to sign "${title}"`,
      lines: [
        `Your code to confirm your e-mail address and sign "${title}" for ${org} is: ${facts.code}`,
        `Enter it on the page you came from. It works once, for 10 minutes (until ${facts.expiresAt.toUTCString()}).`,
        'If you did not ask for a code, ignore this e-mail: nothing is signed without it.',
      ],
    });
    return { ...composed, kept: null, signerCode: facts.code };
  },
});
