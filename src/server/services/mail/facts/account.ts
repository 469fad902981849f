import type { MailMessage } from '../../../mail/kinds/define-mail';
import type { MailFrame } from '../../../mail/mail-layout';
import { newEmailVerificationLink } from '../../accounts/email-verification';
import { type MailDeps, pageLink } from './mail-deps';

/**
 * Mail about a person's own account, which may have no organization yet: it comes from Pactum,
 * and a confirmation's organization is the one a sign-up asked for.
 */
const frameOf = (message: MailMessage, organizationName = ''): MailFrame => ({
  organizationName,
  recipientName: message.toName,
});

/**
 * A confirmation gets its link now (only the token's hash is stored, and a re-delivery's link
 * replaces the earlier one), and none once the sign-up or change is done, replaced or expired.
 * The outbox never keeps it: the link must prove that whoever opens it reads that mailbox.
 */
export async function confirmationFacts(deps: MailDeps, message: MailMessage<{ verificationId: string }>) {
  const made = await newEmailVerificationLink(deps.db, {
    verificationId: message.params.verificationId,
    toEmail: message.toEmail,
  });
  if (!made) return null;
  return {
    ...frameOf(message, made.row.organizationName ?? ''),
    confirmationLink: pageLink(deps, `/confirm-email/${made.token}`),
    expiresAt: made.row.expiresAt,
  };
}

/** To the owner of an address someone tried to use: the way to sign in. */
export const signInLinkFacts = async (deps: MailDeps, message: MailMessage) => ({
  ...frameOf(message),
  link: pageLink(deps, '/login'),
});

/** To the address an account uses now: it asked to move to `newEmail`. */
export const emailChangeNoticeFacts = async (deps: MailDeps, message: MailMessage<{ newEmail: string }>) => ({
  ...frameOf(message),
  link: pageLink(deps, '/profile'),
  newEmail: message.params.newEmail,
});
