import type { RateLimitRule } from '../rate-limits/consume-rate-limit';

/**
 * Wrong second-factor codes allowed per 15 minutes for one account (a six-digit code is one in
 * a million: ten tries leave an attacker who has the password a one-in-33,000 chance a day),
 * and per address whatever the account.
 */
export const secondFactorLimits = {
  perAccount: { limit: 10, windowMs: 15 * 60 * 1000 } satisfies RateLimitRule,
  perAddress: { limit: 30, windowMs: 15 * 60 * 1000 } satisfies RateLimitRule,
};
