import type { MailKind } from '../../../shared/enums';
import type { Database } from '../../db/client';
import { composeAccessMail, composeMail } from '../../mail/compose-mail';
import type { OutgoingMail } from '../../mail/mailer';
import { newEmailVerificationLink } from '../../services/accounts/email-verification';

type Deps = { db: Database; appUrl: URL };
type Message = { kind: string; toName: string; toEmail: string; params: Record<string, string> };

const accountMailKinds = new Set<string>([
  'sign_up_confirmation',
  'sign_up_attempt',
  'email_confirmation',
  'email_change_notice',
  'email_change_attempt',
]);

/** Mail about a person's own account, which may have no organization yet. */
export const isAccountMail = (kind: string) => accountMailKinds.has(kind);

/** A link that proves the reader has this mailbox: nobody else may ever read it. */
const isConfirmationMail = (kind: string) => kind === 'sign_up_confirmation' || kind === 'email_confirmation';

/**
 * Composes a mail about an account. A confirmation gets its link now (only the token's hash is
 * stored, and a re-delivery's link replaces the earlier one), and none once the sign-up or
 * change is done, replaced or expired.
 */
export async function prepareAccountMail(deps: Deps, message: Message): Promise<OutgoingMail | null> {
  const base = {
    kind: message.kind as MailKind,
    organizationName: '',
    contractTitle: '',
    senderName: '',
    recipientName: message.toName,
  };
  const to = { name: message.toName, email: message.toEmail };
  if (isConfirmationMail(message.kind)) {
    const made = await newEmailVerificationLink(deps.db, {
      verificationId: message.params.verificationId,
      toEmail: message.toEmail,
    });
    if (!made) return null;
    const composed = composeAccessMail({
      ...base,
      organizationName: made.row.organizationName ?? '',
      link: new URL(`/confirm-email/${made.token}`, deps.appUrl).href,
      expiresAt: made.row.expiresAt,
    });
    return { to, ...composed };
  }
  if (message.kind === 'sign_up_attempt' || message.kind === 'email_change_attempt') {
    return { to, ...composeMail({ ...base, link: new URL('/login', deps.appUrl).href }) };
  }
  return {
    to,
    ...composeMail({
      ...base,
      link: new URL('/profile', deps.appUrl).href,
      newEmail: message.params.newEmail,
    }),
  };
}
