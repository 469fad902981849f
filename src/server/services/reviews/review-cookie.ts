import * as clock from '../../clock';
import { openValue, sealValue } from '../sessions/signed-value';

/** How long the cookie a review link is exchanged for stays good. */
export const reviewCookieTtlMs = 8 * 60 * 60 * 1000;

/**
 * A reviewer and the link they were last sent (the hash of its token, which every new invitation
 * replaces): a cookie is good only for the link it was opened with.
 */
export type ReviewLink = { reviewerId: string; linkHash: string };

/**
 * The cookie is signed for its link: bound to the link's hash without carrying it, so a newer
 * invitation (another hash) no longer opens it.
 */
const purposeOf = (link: ReviewLink) => `review:${link.linkHash}`;

/** A value proving the holder opened this reviewer's current link, until it expires. */
export function issueReviewCookie(secret: string, link: ReviewLink, now = clock.nowMs()) {
  const expires = now + reviewCookieTtlMs;
  return {
    value: sealValue(secret, purposeOf(link), { reviewerId: link.reviewerId, expires }),
    expires: new Date(expires),
  };
}

/** Whether a cookie is this reviewer's, unaltered, unexpired, and from the link they have now. */
export function verifyReviewCookie(
  secret: string,
  link: ReviewLink,
  value: string | undefined,
  now = clock.nowMs(),
): boolean {
  const opened = openValue(secret, purposeOf(link), value, 200);
  return (
    opened !== null &&
    opened.reviewerId === link.reviewerId &&
    typeof opened.expires === 'number' &&
    opened.expires >= now
  );
}
