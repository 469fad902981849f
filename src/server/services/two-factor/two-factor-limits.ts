import type { RateLimitRule } from '../rate-limits/consume-rate-limit';

/**
 * How many second-factor tries an account and an address get. A six-digit code is accepted in
 * three time steps (the one before and after now too), so each guess hits with a chance of 3 in
 * a million. Ten tries per 15 minutes alone would be 1 in 33,000 per window but 960 guesses and
 * about 1 in 350 a day, some 8% a month. So wrong authenticator codes also stop for the account
 * for the rest of the (UTC) day after 30 of them: at most 1 in 11,000 a day, and the owner is
 * mailed after the first few. Using a recovery code or completing a password reset lifts that
 * stop at once; it is not kept beyond the day so that someone who has the password can never lock
 * an owner whose only factor is the app out for good.
 */
export const secondFactorLimits = {
  perAccount: { limit: 10, windowMs: 15 * 60 * 1000 } satisfies RateLimitRule,
  perAddress: { limit: 30, windowMs: 15 * 60 * 1000 } satisfies RateLimitRule,
  /** Wrong authenticator codes per account and day, after which app codes are refused. */
  authenticatorCodesPerDay: { limit: 30, windowMs: 24 * 60 * 60 * 1000 } satisfies RateLimitRule,
  /** Wrong authenticator codes in that day after which the owner is mailed (once a day). */
  noticeAfter: 5,
};

/** The counter of an account's authenticator codes in the day (see authenticatorCodesPerDay). */
export const authenticatorCodesKey = (userId: string) => `second-factor:authenticator-day:${userId}`;
