/**
 * Fields placed on PDFs name their signer by signing order, counting from 1 (so a template's
 * fields follow its roles, and a tag's `:2` is the second signer). The signers given here are in
 * that order, as every read of a contract's signers takes them (signing order, then creation).
 */
export const signerNumbered = <T>(inSigningOrder: readonly T[], number: number | null): T | undefined =>
  number ? inSigningOrder[number - 1] : undefined;

/** A signer's number among signers in signing order (0 when not among them). */
export const numberOfSigner = (inSigningOrder: readonly { id: string }[], signerId: string): number =>
  inSigningOrder.findIndex((signer) => signer.id === signerId) + 1;
