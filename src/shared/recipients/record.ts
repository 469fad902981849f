/**
 * What a sealed contract's record says of one recipient: their role, group and part, when, and
 * what changed on the way (named by someone, delegated, corrected). Built by the seal from the
 * recipient rows and the history (server/services/sealing/recipient-records.ts); the certificate
 * of completion prints it and the verify page shows it. Plain data, dates as dates.
 */
export type RecipientRecord = {
  /** The recipient's number on the contract. */
  number: number;
  name: string;
  /** Null for one left to be named who never was. */
  email: string | null;
  /** The role's label ("Approver"). */
  role: string;
  /** Their group's order number, when the contract went in order; null when sent at once. */
  group: number | null;
  /** What they did: the role's part done ("Approved", "Witnessed", "Copied"), or what ended it. */
  outcome: RecipientOutcome;
  /** When they did it (null for a CC or a part not done). */
  at: Date | null;
  /** A witness's signer, by name. */
  witnessOf: string | null;
  /** Why they declined or rejected. */
  reason: string | null;
  /** The earlier recipient who named them. */
  namedBy: string | null;
  /** Whom they handed their turn to, when and why (a delegated entry). */
  delegatedTo: { name: string; email: string; at: Date; reason: string } | null;
  /** Whose turn they took. */
  delegatedFrom: string | null;
  /** The sender's corrections of their name or address, oldest first. */
  corrections: { from: string; to: string; at: Date; by: string }[];
};

export const recipientOutcomes = [
  'signed',
  'approved',
  'viewed',
  'copied',
  'witnessed',
  'declined',
  'rejected',
  'delegated',
  'not done',
] as const;
export type RecipientOutcome = (typeof recipientOutcomes)[number];
