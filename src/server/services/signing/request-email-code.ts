import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { SignerContext } from '../../context';
import { signers } from '../../db/schema';
import { transition } from '../lifecycle/transition';
import { consumeCooldown, consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';
import { findSignerWithContract, recipientFacts, signerAuthor } from './find-signer';
import { maskEmail, maxAuthFailures } from './signer-authentication';
import { lockedError } from './try-signer-code';

/** One code every 30 seconds and five an hour per signer: enough for a lost e-mail, not for a flood. */
export const emailCodeLimits: { cooldownMs: number; hourly: RateLimitRule } = {
  cooldownMs: 30_000,
  hourly: { limit: 5, windowMs: 60 * 60 * 1000 },
};

function tooSoon(wait: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    wait < 120
      ? `A code was sent just now. You can ask for another in ${wait} seconds.`
      : `Too many codes were sent. You can ask for another in ${Math.ceil(wait / 60)} minutes.`,
    undefined,
    wait,
  );
}

/**
 * 'Send me a code': queues the e-mail whose delivery makes a fresh code (replacing any earlier
 * one) and sends it to the signer's own address, the one the sender chose.
 */
export async function requestEmailCode(
  ctx: SignerContext,
  limits = emailCodeLimits,
): Promise<{ maskedEmail: string }> {
  const { db, signerId, linkId, origin } = ctx;
  const [row] = await db
    .select({ requireEmailCode: signers.requireEmailCode, authFailures: signers.authFailures })
    .from(signers)
    .where(eq(signers.id, signerId));
  if (!row) throw new AppError('NOT_FOUND', 'This signing link is not valid');
  if (!row.requireEmailCode)
    throw new AppError('INVALID_INPUT', 'No e-mailed code is needed for this document');
  if (row.authFailures >= maxAuthFailures) throw lockedError();
  return db.transaction(async (tx) => {
    const { signer, contract } = await findSignerWithContract(tx, signerId, { lock: true, link: linkId });
    const now = clock.now();
    // Counted under the signer's lock, so two requests at once cannot both slip through.
    const soon = await consumeCooldown(tx, `signer-email-code:cooldown:${signerId}`, limits.cooldownMs, now);
    if (soon > 0) throw tooSoon(soon);
    const hourly = await consumeRateLimit(tx, `signer-email-code:hourly:${signerId}`, limits.hourly, now);
    if (hourly > 0) throw tooSoon(hourly);
    // The step's mail is the code itself, made when it is delivered (lifecycle/steps.ts).
    await transition(tx, {
      contract,
      step: 'signer.code_sent',
      facts: { ...recipientFacts(signer) },
      author: signerAuthor(signer, origin),
      at: now,
    });
    return { maskedEmail: maskEmail(signer.email) };
  });
}
