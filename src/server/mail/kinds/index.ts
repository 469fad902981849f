import type { z } from 'zod';
import type { MailKind } from '../../../shared/enums';
import type { MailContent } from '../mail-layout';
import {
  emailChangeAttempt,
  emailChangeNotice,
  emailConfirmation,
  signUpAttempt,
  signUpConfirmation,
} from './account';
import { approvalDecided, approvalRequested, approvalWithdrawn } from './approvals';
import { commentMention, commentReply } from './comments';
import { deadlineDigest, deadlineReminder } from './deadlines';
import type { MailParamsSchema } from './define-mail';
import { publicLinkCode } from './public-links';
import { reviewInvitation, suggestionsDecided } from './reviews';
import { securityChange } from './security-change';
import { newSignIn, passwordReset } from './sign-in';
import { ccNotice, invitation, reminder, signerCode } from './signing';
import { canceled, completed, declined, expired, removed, signerLocked } from './signing-outcomes';
import { teamInvitation } from './team';
import { webhookDisabled } from './webhooks';

/** Every kind of mail, by its name: what it keeps and what it says (its facts: services/mail/facts). */
export const mailKinds = {
  invitation,
  cc_notice: ccNotice,
  reminder,
  completed,
  declined,
  canceled,
  removed,
  expired,
  password_reset: passwordReset,
  new_sign_in: newSignIn,
  security_change: securityChange,
  team_invitation: teamInvitation,
  sign_up_confirmation: signUpConfirmation,
  sign_up_attempt: signUpAttempt,
  email_confirmation: emailConfirmation,
  email_change_notice: emailChangeNotice,
  email_change_attempt: emailChangeAttempt,
  signer_code: signerCode,
  signer_locked: signerLocked,
  webhook_disabled: webhookDisabled,
  comment_mention: commentMention,
  review_invitation: reviewInvitation,
  suggestions_decided: suggestionsDecided,
  comment_reply: commentReply,
  approval_requested: approvalRequested,
  approval_decided: approvalDecided,
  approval_withdrawn: approvalWithdrawn,
  public_link_code: publicLinkCode,
  deadline_reminder: deadlineReminder,
  deadline_digest: deadlineDigest,
} satisfies { [K in MailKind]: { kind: K } };

/** What a message of this kind keeps when it is queued. */
export type MailParams<K extends MailKind> = z.input<(typeof mailKinds)[K]['params']>;

/** A message's params of this kind as delivering reads them, parsed by the kind's schema. */
export type MailReadParams<K extends MailKind> = z.output<(typeof mailKinds)[K]['params']>;

/** What a message of this kind says, as its compose step takes it. */
export type MailFacts<K extends MailKind> = Parameters<(typeof mailKinds)[K]['compose']>[0];

/** A definition as delivering uses it, whatever its kind. */
export type AnyMailDefinition = {
  kind: MailKind;
  params: MailParamsSchema;
  compose(facts: unknown): MailContent;
};

const definitions: Record<MailKind, AnyMailDefinition> = mailKinds;

/**
 * A stored message's kind and its params parsed by that kind's schema, or why it cannot be
 * delivered: a kind no longer known, or params that do not fit it (the fields at fault, never
 * their values).
 */
export function readMessage<M extends { kind: string; params: unknown }>(
  message: M,
): { definition: AnyMailDefinition; message: M & { params: unknown } } | { skip: string } {
  const definition = Object.hasOwn(definitions, message.kind)
    ? definitions[message.kind as MailKind]
    : undefined;
  if (!definition) return { skip: `no mail kind ${message.kind}` };
  const parsed = definition.params.safeParse(message.params);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(params)'))];
    return { skip: `params of ${message.kind} do not fit its schema: ${fields.join(', ')}` };
  }
  return { definition, message: { ...message, params: parsed.data } };
}
