/** A signer as the contract form edits them, before the draft is saved (the signers card, its checks). */
export type DraftSigner = {
  id: string;
  name: string;
  email: string;
  /** The server holds an access code for this signer (it never sends the code back). */
  accessCodeSet?: boolean;
  /** A change to save: a new code, null to remove the stored one, undefined to keep it. */
  accessCode?: string | null;
  /** A copy whose original asked this signer for a code (never copied): set one or remove it. */
  accessCodeToSet?: boolean;
  requireEmailCode?: boolean;
};
