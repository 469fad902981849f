import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { SignerContext } from '../../context';
import { verifyPassword } from '../accounts/passwords';
import type { SignerCheck } from './signing-cookie';
import { trySignerCode } from './try-signer-code';

/**
 * The signer types the code e-mailed to them. Only the newest code counts, once, for ten
 * minutes; with no such code there is nothing to guess against, so the try is refused uncounted.
 */
export function confirmEmailCode(
  ctx: SignerContext,
  input: { code: string; passed: ReadonlySet<SignerCheck> },
) {
  return trySignerCode(ctx.db, {
    signerId: ctx.signerId,
    linkId: ctx.linkId,
    check: 'email_code',
    passed: input.passed,
    origin: ctx.origin,
    verify: async (signer) => {
      if (!signer.emailCodeHash || !signer.emailCodeExpiresAt || signer.emailCodeExpiresAt <= clock.now()) {
        throw new AppError(
          'INVALID_INPUT',
          'This code has expired or was already used. Send yourself a new one.',
          'code',
        );
      }
      return (await verifyPassword(signer.emailCodeHash, input.code)) ? 'right' : 'wrong';
    },
  });
}
