import type { CreateContractInput } from '../../../shared/api/contracts';
import { AppError } from '../../../shared/errors';
import { hashPassword } from '../accounts/passwords';

/**
 * New access codes one request may set. Each is an argon2id hash (tens of milliseconds of CPU
 * and memory), so 50 at once let any account hold the server busy for seconds per request; ten
 * covers any real signing round, and a longer list with codes is set over a few saves.
 */
export const maxNewAccessCodes = 10;

type SignerInput = CreateContractInput['signers'][number];

/** A signer as replaceSigners takes it: the access code already hashed, never the code itself. */
export type HashedSigner = Omit<SignerInput, 'accessCode'> & {
  /** A hash sets a new code, null removes it, undefined keeps the stored one. */
  accessCodeHash?: string | null;
  /** A copy's signer whose original had a code: set one or remove it before sending (never from a client). */
  accessCodeToSet?: boolean;
};

/** A signer as a service stores it: what a client sends, and what only the server decides. */
export type SignerToStore = SignerInput & Pick<HashedSigner, 'accessCodeToSet'>;

/**
 * Hashes the new access codes of a signer list. Called before any transaction opens: the hashes
 * take long, and a transaction held that long stalls every other write (the embedded database
 * has one connection).
 */
export async function hashAccessCodes(list: SignerToStore[]): Promise<HashedSigner[]> {
  const fresh = list.filter((signer) => typeof signer.accessCode === 'string').length;
  if (fresh > maxNewAccessCodes) {
    throw new AppError(
      'INVALID_INPUT',
      `At most ${maxNewAccessCodes} new access codes can be set in one save; save the rest afterwards`,
      'signers',
    );
  }
  return Promise.all(
    list.map(async ({ accessCode, ...signer }): Promise<HashedSigner> => {
      if (accessCode === undefined) return signer;
      return { ...signer, accessCodeHash: accessCode === null ? null : await hashPassword(accessCode) };
    }),
  );
}
