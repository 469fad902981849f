/**
 * The closed sets of values the database, the API and the web app share: the schema's enums,
 * the zod schemas and the web's types are all made from these lists (contract and signer
 * statuses are in statuses.ts, event types in events.ts).
 */
export const roles = ['admin', 'member'] as const;
export type Role = (typeof roles)[number];

export const customFieldTypes = ['text', 'email', 'phone'] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];

export const signatureKinds = ['drawn', 'typed'] as const;
export type SignatureKind = (typeof signatureKinds)[number];

/**
 * What a signing link is for: signing (an invitation or reminder), only downloading the sealed
 * PDF (a completion e-mail whose PDF was too large to attach), which expires, or signing inside
 * another web app (`embed`: made for the app through the API, or for a public link's visitor),
 * which expires within minutes and opens one session only.
 */
export const signingLinkPurposes = ['sign', 'download', 'embed'] as const;
export type SigningLinkPurpose = (typeof signingLinkPurposes)[number];

/** A contract's PDFs: as sent (frozen) and sealed after the last signature (final). */
export const documentKinds = ['frozen', 'final'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/**
 * Why a contract version was made: a saved editing session, a review round, the send (what is
 * frozen and signed), a restore of an older version, or suggestions accepted.
 */
export const versionKinds = ['edited', 'review', 'sent', 'restored', 'suggestions'] as const;
export type VersionKind = (typeof versionKinds)[number];

/** A reviewer's suggestion: waiting for the owner, or decided (all of it, some of it, none). */
export const suggestionStatuses = ['open', 'accepted', 'partly_accepted', 'rejected'] as const;
export type SuggestionStatus = (typeof suggestionStatuses)[number];

export const mailStatuses = ['queued', 'sent', 'held', 'failed', 'skipped'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailKinds = [
  'invitation',
  'cc_notice',
  'reminder',
  'completed',
  'declined',
  'canceled',
  'removed',
  'expired',
  'password_reset',
  'new_sign_in',
  'security_change',
  'team_invitation',
  'sign_up_confirmation',
  'sign_up_attempt',
  'email_confirmation',
  'email_change_notice',
  'email_change_attempt',
  'signer_code',
  'signer_locked',
  'webhook_disabled',
  'comment_mention',
  'review_invitation',
  'suggestions_decided',
  'comment_reply',
  'approval_requested',
  'approval_decided',
  'approval_withdrawn',
  'public_link_code',
  'deadline_reminder',
  'deadline_digest',
] as const;
export type MailKind = (typeof mailKinds)[number];

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];
