import type { MailKind } from '../../../../shared/enums';
import type { MailFacts, MailReadParams } from '../../../mail/kinds';
import type { MailMessage } from '../../../mail/kinds/define-mail';
import { deadlineDigestFacts } from '../../deadlines/deadline-notices';
import { confirmationFacts, emailChangeNoticeFacts, signInLinkFacts } from './account';
import { contractFacts, contractFactsWithParams } from './contract-facts';
import type { MailDeps } from './mail-deps';
import { publicLinkCodeFacts } from './public-links';
import { reviewerFacts, reviewInvitationFacts } from './reviews';
import { securityChangeFacts } from './security-change';
import { newSignInFacts, passwordResetFacts } from './sign-in';
import { ccNoticeFacts, signerCodeFacts, signingFacts } from './signing';
import { completedFacts } from './signing-outcomes';
import { teamInvitationFacts } from './team';
import { webhookDisabledFacts } from './webhooks';

/**
 * What a message of one kind reads or makes when it is delivered, for its kind to word
 * (mail/kinds): null when it should no longer go out, and it is skipped.
 */
type FactsOf<K extends MailKind> = (
  deps: MailDeps,
  message: MailMessage<MailReadParams<K>>,
) => Promise<MailFacts<K> | null>;

/** Every kind's facts, by its name: the compiler checks each gives what its kind says. */
export const mailFacts: { [K in MailKind]: FactsOf<K> } = {
  invitation: signingFacts,
  cc_notice: ccNoticeFacts,
  reminder: signingFacts,
  completed: completedFacts,
  declined: contractFactsWithParams,
  canceled: contractFactsWithParams,
  removed: contractFacts,
  expired: contractFacts,
  password_reset: passwordResetFacts,
  new_sign_in: newSignInFacts,
  security_change: securityChangeFacts,
  team_invitation: teamInvitationFacts,
  sign_up_confirmation: confirmationFacts,
  sign_up_attempt: signInLinkFacts,
  email_confirmation: confirmationFacts,
  email_change_notice: emailChangeNoticeFacts,
  email_change_attempt: signInLinkFacts,
  signer_code: signerCodeFacts,
  signer_locked: contractFactsWithParams,
  webhook_disabled: webhookDisabledFacts,
  comment_mention: contractFactsWithParams,
  review_invitation: reviewInvitationFacts,
  suggestions_decided: reviewerFacts,
  comment_reply: reviewerFacts,
  approval_requested: contractFactsWithParams,
  approval_decided: contractFactsWithParams,
  approval_withdrawn: contractFactsWithParams,
  public_link_code: publicLinkCodeFacts,
  deadline_reminder: contractFactsWithParams,
  deadline_digest: deadlineDigestFacts,
};

/** The facts of a message its kind has read (`readMessage`), whatever its kind. */
export function readMailFacts(deps: MailDeps, kind: MailKind, message: MailMessage): Promise<unknown> {
  // The table's entries were checked against their kinds above; here the kind is only known at run time.
  const facts = mailFacts[kind] as (deps: MailDeps, message: MailMessage) => Promise<unknown>;
  return facts(deps, message);
}
