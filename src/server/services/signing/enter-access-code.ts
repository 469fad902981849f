import type { Database } from '../../db/client';
import { verifyPassword } from '../accounts/passwords';
import { type Origin, passSignerCheck } from './pass-signer-check';
import type { SignerCheck } from './signing-cookie';

/** The signer types the access code the sender gave them; argon2's verify compares in constant time. */
export function enterAccessCode(
  db: Database,
  input: { signerId: string; code: string; passed: ReadonlySet<SignerCheck>; origin: Origin },
) {
  return passSignerCheck(db, {
    signerId: input.signerId,
    check: 'access_code',
    passed: input.passed,
    origin: input.origin,
    verify: async (signer) =>
      signer.accessCodeHash && (await verifyPassword(signer.accessCodeHash, input.code)) ? 'right' : 'wrong',
  });
}
