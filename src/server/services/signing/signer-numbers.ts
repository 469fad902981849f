/**
 * Fields, witnesses and names refer to a recipient by number: their place in the list as the
 * sender made it, counting from 1 (so a template's fields follow its roles, and a tag's `:2` is
 * the second recipient). A delegate takes the number of whom they act for, whose entry is then
 * the route's history; a removed recipient's number is not reused.
 */
type Numbered = { id: string; position: number; status: string };

/** The recipient with a number (not one who handed their turn on). */
export const signerNumbered = <T extends Numbered>(
  all: readonly T[],
  number: number | null,
): T | undefined =>
  number ? all.find((signer) => signer.position === number && signer.status !== 'delegated') : undefined;

/** A recipient's number (0 when not among them). */
export const numberOfSigner = (all: readonly Numbered[], signerId: string): number =>
  all.find((signer) => signer.id === signerId)?.position ?? 0;
