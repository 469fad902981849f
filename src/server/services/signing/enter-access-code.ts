import type { SignerContext } from '../../context';
import { verifyPassword } from '../accounts/passwords';
import type { SignerCheck } from './signing-cookie';
import { trySignerCode } from './try-signer-code';

/** The signer types the access code the sender gave them; argon2's verify compares in constant time. */
export function enterAccessCode(
  ctx: SignerContext,
  input: { code: string; passed: ReadonlySet<SignerCheck> },
) {
  return trySignerCode(ctx.db, {
    signerId: ctx.signerId,
    linkId: ctx.linkId,
    check: 'access_code',
    passed: input.passed,
    origin: ctx.origin,
    verify: async (signer) =>
      signer.accessCodeHash && (await verifyPassword(signer.accessCodeHash, input.code)) ? 'right' : 'wrong',
  });
}
