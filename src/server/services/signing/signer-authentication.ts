import { eq } from 'drizzle-orm';
import type { SignerAuthentication } from '../../../shared/api/signing';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { signers, signingLinks } from '../../db/schema';
import type { SignerCheck } from './signing-cookie';

/** Wrong codes in a row (access or e-mailed) before the signer is locked out. */
export const maxAuthFailures = 5;

/**
 * The sender's way back for a signer with wrong codes (their Remind, their Send again): the tries
 * start over, any e-mailed code is dropped, and every link the signer had stops working, since a
 * guesser may hold one; the message the sender's action queues brings the signer a new one.
 */
export async function restartSignerTries(tx: Database, signerId: string): Promise<void> {
  await tx
    .update(signers)
    .set({ authFailures: 0, emailCodeHash: null, emailCodeExpiresAt: null })
    .where(eq(signers.id, signerId));
  await tx.delete(signingLinks).where(eq(signingLinks.signerId, signerId));
}

type SignerChecksRow = {
  email: string;
  accessCodeHash: string | null;
  requireEmailCode: boolean;
  authFailures: number;
};

/** The checks the sender asked for this signer. */
export function requiredChecks(signer: Pick<SignerChecksRow, 'accessCodeHash' | 'requireEmailCode'>) {
  const required = new Set<SignerCheck>();
  if (signer.accessCodeHash !== null) required.add('access_code');
  if (signer.requireEmailCode) required.add('email_code');
  return required;
}

export function isAuthenticated(
  signer: Pick<SignerChecksRow, 'accessCodeHash' | 'requireEmailCode'>,
  passed: ReadonlySet<SignerCheck>,
): boolean {
  return [...requiredChecks(signer)].every((check) => passed.has(check));
}

/** 'jane.doe@example.com' -> 'j•••e@example.com': enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const shown = local.length <= 2 ? `${local.slice(0, 1)}•••` : `${local[0]}•••${local.at(-1)}`;
  return `${shown}@${domain}`;
}

/** What the signing page needs to ask for the codes: never a code or a hash. */
export function authenticationOf(
  signer: SignerChecksRow,
  passed: ReadonlySet<SignerCheck>,
): SignerAuthentication {
  const stateOf = (check: SignerCheck, required: boolean) =>
    !required ? 'not_required' : passed.has(check) ? 'passed' : 'required';
  return {
    accessCode: stateOf('access_code', signer.accessCodeHash !== null),
    emailCode: stateOf('email_code', signer.requireEmailCode),
    complete: isAuthenticated(signer, passed),
    locked: signer.authFailures >= maxAuthFailures,
    triesLeft: Math.max(0, maxAuthFailures - signer.authFailures),
    maskedEmail: maskEmail(signer.email),
  };
}

/**
 * Refuses a cookie that has not passed every check the sender asked for this signer: the
 * document, its PDFs, signing and declining all stay closed until then.
 */
export async function assertSignerAuthenticated(
  db: Database,
  signerId: string,
  passed: ReadonlySet<SignerCheck>,
): Promise<void> {
  const [signer] = await db
    .select({ accessCodeHash: signers.accessCodeHash, requireEmailCode: signers.requireEmailCode })
    .from(signers)
    .where(eq(signers.id, signerId));
  if (!signer) throw new AppError('NOT_FOUND', 'This signing link is not valid');
  if (!isAuthenticated(signer, passed)) {
    throw new AppError(
      'SIGNER_AUTHENTICATION_REQUIRED',
      'Confirm who you are first: the document opens once the codes asked are entered.',
    );
  }
}
