import type { RecipientRole } from '../../../../shared/recipients';

/** A recipient as the contract form edits them, before the draft is saved (the signers card, its checks). */
export type DraftSigner = {
  id: string;
  name: string;
  /** Empty for a recipient left to be named (`namedBy`). */
  email: string;
  role?: RecipientRole;
  /** Their group, when sent in order; left out, their place in the list. */
  signingOrder?: number;
  /** A witness's signer, by number (place in the list, from 1). */
  witnessOf?: number | null;
  /** The earlier recipient, by number, who names this one. */
  namedBy?: number | null;
  /** The server holds an access code for this signer (it never sends the code back). */
  accessCodeSet?: boolean;
  /** A change to save: a new code, null to remove the stored one, undefined to keep it. */
  accessCode?: string | null;
  /** A copy whose original asked this signer for a code (never copied): set one or remove it. */
  accessCodeToSet?: boolean;
  requireEmailCode?: boolean;
};
