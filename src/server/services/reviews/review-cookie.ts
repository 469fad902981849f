import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the cookie a review link is exchanged for stays good. */
export const reviewCookieTtlMs = 8 * 60 * 60 * 1000;

/** One cookie per reviewer, sent only to that reviewer's API paths. */
export const reviewCookieName = (reviewerId: string) => `pactum_review_${reviewerId.replaceAll('-', '')}`;
export const reviewCookiePath = (reviewerId: string) => `/api/review/${reviewerId}`;

/**
 * A reviewer and the link they were last sent (the hash of its token, which every new invitation
 * replaces): a cookie is good only for the link it was opened with.
 */
export type ReviewLink = { reviewerId: string; linkHash: string };

function mac(secret: string, { reviewerId, linkHash }: ReviewLink, expires: number): string {
  return createHmac('sha256', secret)
    .update(`review:${reviewerId}:${linkHash}:${expires}`)
    .digest('base64url');
}

/** A value proving the holder opened this reviewer's current link, until it expires. */
export function issueReviewCookie(secret: string, link: ReviewLink, now = Date.now()) {
  const expires = now + reviewCookieTtlMs;
  return { value: `${expires}.${mac(secret, link, expires)}`, expires: new Date(expires) };
}

/** Whether a cookie is this reviewer's, unaltered, unexpired, and from the link they have now. */
export function verifyReviewCookie(
  secret: string,
  link: ReviewLink,
  value: string | undefined,
  now = Date.now(),
) {
  if (!value || value.length > 120) return false;
  const [expiresText, given, ...rest] = value.split('.');
  const expires = Number(expiresText);
  if (rest.length > 0 || !given || !Number.isSafeInteger(expires) || expires < now) return false;
  const expected = Buffer.from(mac(secret, link, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
