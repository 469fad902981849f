import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { MailKind } from '../../../shared/enums';
import type { Database } from '../../db/client';
import {
  type ContractRow,
  contracts,
  documents,
  type MailMessageRow,
  mailMessages,
  organizations,
  reviewers,
  signers,
  signingLinks,
  users,
} from '../../db/schema';
import { composeAccessMail, composeMail, type MailFacts, securityChangePage } from '../../mail/compose-mail';
import type { OutgoingMail } from '../../mail/mailer';
import { deliverMailJobType, mailMaxAttempts } from '../../mail/queue-mail';
import { createPasswordReset } from '../../services/accounts/password-reset-token';
import { fileNameOf } from '../../services/documents/file-name';
import { systemAuthor } from '../../services/history/author-of';
import { transition } from '../../services/lifecycle/transition';
import { sentTitle } from '../../services/reviews/find-reviewer';
import { signerMailFacts } from '../../services/signing/signer-mail-facts';
import { signingStateOf } from '../../services/signing/signing-state';
import { newSigningToken } from '../../services/signing/signing-token';
import { newInvitationLink } from '../../services/team/invitation-link';
import { type JobDeps, jobDefinition } from '../job-definition';
import { isAccountMail, prepareAccountMail } from './account-mail';

type Deps = Pick<JobDeps, 'db' | 'mailer' | 'appUrl' | 'log'>;

const needsLink = (kind: string) => kind === 'invitation' || kind === 'reminder';

/**
 * Delivers one outbox message. Composed now, not when queued: a signing link is made for this
 * very e-mail (only its hash is stored), and a signer who can no longer sign gets no link.
 */
export const deliverMail = jobDefinition({
  type: deliverMailJobType,
  payload: z.object({ messageId: z.uuid() }),
  maxAttempts: mailMaxAttempts,
  async handle(deps, { messageId }, job) {
    const { db } = deps;
    const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
    if (message?.status !== 'queued') return;
    try {
      const mail = await prepare(deps, message);
      if (!mail) {
        await record(db, message.id, { status: 'skipped' });
        return;
      }
      await deps.mailer.deliver(mail);
      await record(db, message.id, {
        status: deps.mailer.kind === 'smtp' ? 'sent' : 'held',
        subject: mail.subject,
        sentAt: new Date(),
        attempts: job.attempts,
        lastError: null,
        // Only the local outbox keeps the bodies: they are how an admin reads the mail. Never a
        // link that lets its reader act as the recipient (sign, review, join, reset, confirm), nor
        // a signer's one-time code: admins and their tokens read this outbox, and the link or code
        // must prove that whoever uses it reads the recipient's mailbox.
        ...(deps.mailer.kind === 'outbox' ? keptBody(mail) : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (job.attempts >= job.maxAttempts) await giveUp(db, message, reason, job.attempts);
      else await record(db, message.id, { attempts: job.attempts, lastError: reason });
      throw error;
    }
  },
});

/** The body the local outbox keeps: the message, its copy without the access link, or none. */
function keptBody(mail: OutgoingMail): Pick<MailMessageRow, 'heldText' | 'heldHtml'> {
  const kept = mail.kept === undefined ? mail : mail.kept;
  return { heldText: kept?.text ?? null, heldHtml: kept?.html ?? null };
}

async function record(db: Database, id: string, values: Partial<MailMessageRow>): Promise<void> {
  await db
    .update(mailMessages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(mailMessages.id, id));
}

/** The last attempt failed: the sender sees it on the contract (history, notification), with Resend. */
async function giveUp(
  db: Database,
  message: MailMessageRow,
  reason: string,
  attempts: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(mailMessages)
      .set({ status: 'failed', attempts, lastError: reason, updatedAt: new Date() })
      .where(eq(mailMessages.id, message.id));
    if (!message.contractId) return;
    const [contract] = await tx
      .select({ id: contracts.id, organizationId: contracts.organizationId, status: contracts.status })
      .from(contracts)
      .where(eq(contracts.id, message.contractId))
      .for('update');
    if (!contract) return;
    await transition(tx, {
      contract,
      step: 'mail.failed',
      facts: {
        messageId: message.id,
        details: `${message.kind} e-mail to ${message.toEmail} could not be delivered: ${reason}`,
      },
      author: systemAuthor,
      at: new Date(),
    });
  });
}

async function prepare(deps: Deps, message: MailMessageRow): Promise<OutgoingMail | null> {
  const { db } = deps;
  if (isAccountMail(message.kind)) return prepareAccountMail(deps, message);
  if (!message.organizationId) return null;
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, message.organizationId));
  if (!organization) return null;
  if (message.kind === 'password_reset') return prepareReset(deps, message, organization.name);
  if (message.kind === 'new_sign_in') return prepareNewSignIn(deps, message, organization.name);
  if (message.kind === 'webhook_disabled') return prepareWebhookDisabled(deps, message, organization.name);
  if (message.kind === 'security_change') return prepareSecurityChange(deps, message, organization.name);
  if (message.kind === 'team_invitation')
    return prepareTeamInvitation(
      deps,
      { ...message, organizationId: message.organizationId },
      organization.name,
    );
  const contract = message.contractId
    ? (await db.select().from(contracts).where(eq(contracts.id, message.contractId)))[0]
    : undefined;
  if (!contract) return null;
  // A reviewer's e-mail names the version sent to them: the draft's title may be an unsent edit.
  const title = message.params.reviewerId ? await sentTitle(db, message.params.reviewerId) : contract.title;
  if (title === null) return null;
  const facts: MailFacts = {
    kind: message.kind as MailKind,
    organizationName: organization.name,
    contractTitle: title,
    senderName: contract.createdByName,
    recipientName: message.toName,
    link: new URL(`/contracts/${contract.id}`, deps.appUrl).href,
    signerName: message.params.signerName,
    reason: message.params.reason,
    expiresAt: contract.expiresAt,
    ...(message.kind === 'comment_mention' || message.kind === 'comment_reply'
      ? { comment: { authorName: message.params.authorName ?? '', excerpt: message.params.excerpt ?? '' } }
      : {}),
  };
  let attachments: OutgoingMail['attachments'];
  const signerFacts = await signerMailFacts(db, message.kind, message.signerId);
  if (!signerFacts) return null;
  Object.assign(facts, signerFacts);
  let accessLink: string | undefined;
  if (needsLink(message.kind)) {
    const token = await newLinkFor(db, contract, message.signerId);
    if (!token) return null;
    accessLink = new URL(`/sign/${token}`, deps.appUrl).href;
  }
  if (message.kind === 'review_invitation') {
    const token = await newReviewLink(db, message.params.reviewerId ?? '');
    if (!token) return null;
    accessLink = new URL(`/review/${token}`, deps.appUrl).href;
  }
  if (message.kind === 'completed') {
    const [final] = await db
      .select({ bytes: documents.bytes })
      .from(documents)
      .where(and(eq(documents.contractId, contract.id), eq(documents.kind, 'final')));
    if (!final) throw new Error('The sealed PDF is not stored yet');
    attachments = [
      { filename: `${fileNameOf(contract.title)}.pdf`, content: final.bytes, contentType: 'application/pdf' },
    ];
  }
  const composed = accessLink ? composeAccessMail({ ...facts, link: accessLink }) : composeMail(facts);
  return {
    to: { name: message.toName, email: message.toEmail },
    ...composed,
    ...(attachments ? { attachments } : {}),
    ...(message.kind === 'signer_code'
      ? { kept: null, ...(facts.code ? { signerCode: facts.code } : {}) }
      : {}),
  };
}

/**
 * A review link made for this very e-mail: the reviewer's earlier link stops working. None for a
 * reviewer whose review has ended.
 */
async function newReviewLink(db: Database, reviewerId: string): Promise<string | null> {
  const { token, hash } = newSigningToken();
  const updated = await db
    .update(reviewers)
    .set({ tokenHash: hash })
    .where(and(eq(reviewers.id, reviewerId), isNull(reviewers.closedAt)))
    .returning({ id: reviewers.id });
  return updated.length > 0 ? token : null;
}

/**
/**
 * A way of signing in added or removed, wrong codes tried, a password reset, a token made, a guard
 * of the organization lowered: the facts were kept when it happened.
 */
function prepareSecurityChange(deps: Deps, message: MailMessageRow, organizationName: string): OutgoingMail {
  const { change, detail, at, ip, by, scope, expiresAt } = message.params;
  const composed = composeMail({
    kind: 'security_change',
    organizationName,
    contractTitle: '',
    senderName: '',
    recipientName: message.toName,
    link: new URL(securityChangePage(change ?? '', detail ?? ''), deps.appUrl).href,
    securityChange: {
      change: change ?? '',
      detail: detail ?? '',
      at: new Date(at ?? Date.now()),
      ip: ip ?? 'unknown',
      ...(by ? { by } : {}),
      ...(scope ? { scope } : {}),
      ...(expiresAt === undefined ? {} : { expiresAt: expiresAt ? new Date(expiresAt) : null }),
    },
  });
  return { to: { name: message.toName, email: message.toEmail }, ...composed };
}

/** A webhook endpoint turned off: its URL and the reason were kept when it happened. */
function prepareWebhookDisabled(deps: Deps, message: MailMessageRow, organizationName: string): OutgoingMail {
  const composed = composeMail({
    kind: 'webhook_disabled',
    organizationName,
    contractTitle: '',
    senderName: '',
    recipientName: message.toName,
    link: new URL('/settings#webhooks', deps.appUrl).href,
    webhook: { url: message.params.url ?? '', reason: message.params.reason ?? '' },
  });
  return { to: { name: message.toName, email: message.toEmail }, ...composed };
}

/** A sign-in from a new browser: the facts were kept when it happened; the link leads to the sessions. */
function prepareNewSignIn(deps: Deps, message: MailMessageRow, organizationName: string): OutgoingMail {
  const { at, ip, device } = message.params;
  const composed = composeMail({
    kind: 'new_sign_in',
    organizationName,
    contractTitle: '',
    senderName: '',
    recipientName: message.toName,
    link: new URL('/profile#profile-sessions', deps.appUrl).href,
    signIn: { at: new Date(at ?? Date.now()), ip: ip ?? 'unknown', device: device ?? 'Unknown device' },
  });
  return { to: { name: message.toName, email: message.toEmail }, ...composed };
}

/**
 * A reset mail gets its link now (only the token's hash is stored), for the account named in the
 * message, and none when that account is gone or no longer has this e-mail address.
 */
async function prepareReset(
  deps: Deps,
  message: MailMessageRow,
  organizationName: string,
): Promise<OutgoingMail | null> {
  const userId = message.params.userId;
  if (!userId) return null;
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (user?.email !== message.toEmail) return null;
  const reset = await createPasswordReset(deps.db, userId);
  const composed = composeAccessMail({
    kind: 'password_reset',
    organizationName,
    contractTitle: '',
    senderName: '',
    recipientName: message.toName,
    link: new URL(`/reset-password/${reset.token}`, deps.appUrl).href,
    expiresAt: reset.expiresAt,
  });
  return { to: { name: message.toName, email: message.toEmail }, ...composed };
}

/**
 * A team invitation gets its link now (only the token's hash is stored on the invitation, and a
 * re-delivery replaces it), and none once the invitation is accepted, revoked or expired.
 */
async function prepareTeamInvitation(
  deps: Deps,
  message: MailMessageRow & { organizationId: string },
  organizationName: string,
): Promise<OutgoingMail | null> {
  const invitation = await newInvitationLink(deps.db, {
    organizationId: message.organizationId,
    toEmail: message.toEmail,
    invitationId: message.params.invitationId,
  });
  if (!invitation) return null;
  const composed = composeAccessMail({
    kind: 'team_invitation',
    organizationName,
    contractTitle: '',
    senderName: invitation.inviterName,
    recipientName: message.toName,
    link: new URL(`/invitations/${invitation.token}`, deps.appUrl).href,
    expiresAt: invitation.expiresAt,
    role: invitation.role,
  });
  return { to: { name: message.toName, email: message.toEmail }, ...composed };
}

/** A fresh link for a signer who may sign now; none for one who has signed, declined or must wait. */
async function newLinkFor(
  db: Database,
  contract: ContractRow,
  signerId: string | null,
): Promise<string | null> {
  if (!signerId) return null;
  const all = await db
    .select({ id: signers.id, status: signers.status, signingOrder: signers.signingOrder })
    .from(signers)
    .where(eq(signers.contractId, contract.id))
    .orderBy(asc(signers.signingOrder));
  const signer = all.find((candidate) => candidate.id === signerId);
  if (!signer || signingStateOf({ contract, signer, signers: all }) !== 'ready') return null;
  const { token, hash } = newSigningToken();
  await db.insert(signingLinks).values({ signerId, tokenHash: hash });
  return token;
}
