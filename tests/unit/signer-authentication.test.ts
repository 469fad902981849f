import { describe, expect, it } from 'vitest';
import {
  issueReviewCookie,
  reviewCookieTtlMs,
  verifyReviewCookie,
} from '../../src/server/services/reviews/review-cookie';
import { sealValue } from '../../src/server/services/sessions/signed-value';
import {
  authenticationOf,
  isAuthenticated,
  maskEmail,
  maxAuthFailures,
} from '../../src/server/services/signing/signer-authentication';
import {
  issueSigningCookie,
  signingCookieTtlMs,
  verifySigningCookie,
} from '../../src/server/services/signing/signing-cookie';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const signerId = '4f7c2d1e-3a5b-4c6d-8e9f-0a1b2c3d4e5f';
const linkId = '9b1e6c2a-7d3f-4e8a-b5c4-1f2e3d4c5b6a';
const link = { signerId, linkId };

const carried = (value: string) =>
  JSON.parse(Buffer.from(value.split('.')[0] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
const resealed = (value: string, change: Record<string, unknown>) => {
  const [, mac] = value.split('.');
  return `${Buffer.from(JSON.stringify({ ...carried(value), ...change })).toString('base64url')}.${mac}`;
};

describe('the signing cookie', () => {
  it('carries the signer, the link it was opened with and the checks passed, signed, for an hour', () => {
    const now = Date.now();
    const both = issueSigningCookie(secret, link, new Set(['email_code', 'access_code']), now);
    expect(carried(both.value)).toEqual({
      signerId,
      linkId,
      checks: ['access_code', 'email_code'],
      expires: now + signingCookieTtlMs,
    });
    expect(both.expires.getTime()).toBe(now + signingCookieTtlMs);
    expect(verifySigningCookie(secret, signerId, both.value, now + 1000)).toEqual({
      linkId,
      checks: new Set(['access_code', 'email_code']),
    });
    const none = issueSigningCookie(secret, link, new Set(), now);
    expect(verifySigningCookie(secret, signerId, none.value, now)?.checks.size).toBe(0);
    expect(verifySigningCookie(secret, signerId, both.value, now + signingCookieTtlMs + 1)).toBeNull();
  });

  it('refuses an added check, another link, another signer, another secret, old formats and junk', () => {
    const { value } = issueSigningCookie(secret, link, new Set(['access_code']));
    const [, mac] = value.split('.');
    expect(
      verifySigningCookie(secret, signerId, resealed(value, { checks: ['access_code', 'email_code'] })),
    ).toBeNull();
    const otherLink = '0c5d4e3f-2a1b-4c9d-8e7f-6a5b4c3d2e1f';
    expect(verifySigningCookie(secret, signerId, resealed(value, { linkId: otherLink }))).toBeNull();
    expect(verifySigningCookie(secret, signerId, resealed(value, { expires: Date.now() + 9e9 }))).toBeNull();
    expect(verifySigningCookie(secret, signerId.replace('4f', '5f'), value)).toBeNull();
    expect(verifySigningCookie(`${secret}-other`, signerId, value)).toBeNull();
    // Signed by us, but not a signing cookie's value: malformed fields or another purpose.
    const sealed = (fields: Record<string, unknown>, purpose = 'signing') =>
      sealValue(secret, purpose, fields);
    const good = { signerId, linkId, checks: [], expires: Date.now() + 60_000 };
    expect(verifySigningCookie(secret, signerId, sealed(good))).toEqual({ linkId, checks: new Set() });
    expect(verifySigningCookie(secret, signerId, sealed(good, 'review'))).toBeNull();
    expect(verifySigningCookie(secret, signerId, sealed({ ...good, checks: ['x'] }))).toBeNull();
    expect(verifySigningCookie(secret, signerId, sealed({ ...good, checks: 'ae' }))).toBeNull();
    expect(verifySigningCookie(secret, signerId, sealed({ ...good, linkId: 'not-a-link' }))).toBeNull();
    expect(verifySigningCookie(secret, signerId, sealed({ ...good, expires: `${good.expires}` }))).toBeNull();
    // The format of before: expiry, checks and link beside a MAC of their own.
    expect(verifySigningCookie(secret, signerId, `${Date.now() + 60_000}.a.${linkId}.${mac}`)).toBeNull();
    expect(verifySigningCookie(secret, signerId, `${value}.more`)).toBeNull();
    expect(verifySigningCookie(secret, signerId, 'a'.repeat(500))).toBeNull();
    expect(verifySigningCookie(secret, signerId, undefined)).toBeNull();
  });
});

describe('the review cookie', () => {
  const reviewerId = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
  const current = { reviewerId, linkHash: 'a'.repeat(64) };

  it('opens only for its reviewer, from the link they have now, for eight hours', () => {
    const now = Date.now();
    const cookie = issueReviewCookie(secret, current, now);
    expect(cookie.expires.getTime()).toBe(now + reviewCookieTtlMs);
    // The link's hash is signed, not carried.
    expect(carried(cookie.value)).toEqual({ reviewerId, expires: now + reviewCookieTtlMs });
    expect(verifyReviewCookie(secret, current, cookie.value, now + 1000)).toBe(true);
    expect(verifyReviewCookie(secret, current, cookie.value, now + reviewCookieTtlMs + 1)).toBe(false);
    // A newer invitation replaced the link: the session it opened is over.
    expect(verifyReviewCookie(secret, { reviewerId, linkHash: 'b'.repeat(64) }, cookie.value, now)).toBe(
      false,
    );
    expect(verifyReviewCookie(secret, { ...current, reviewerId: linkId }, cookie.value, now)).toBe(false);
    expect(verifyReviewCookie(`${secret}-other`, current, cookie.value, now)).toBe(false);
    expect(verifyReviewCookie(secret, current, resealed(cookie.value, { expires: now + 9e9 }), now)).toBe(
      false,
    );
    expect(verifyReviewCookie(secret, current, `${now + 1000}.${cookie.value.split('.')[1]}`, now)).toBe(
      false,
    );
    expect(verifyReviewCookie(secret, current, undefined, now)).toBe(false);
  });
});

describe("a signer's checks", () => {
  const signer = {
    email: 'jane.doe@example.com',
    accessCodeHash: '$argon2id$…',
    requireEmailCode: true,
    authFailures: 0,
  };

  it('are complete only when every check the sender asked is passed', () => {
    expect(isAuthenticated(signer, new Set(['access_code']))).toBe(false);
    expect(isAuthenticated(signer, new Set(['access_code', 'email_code']))).toBe(true);
    expect(isAuthenticated({ accessCodeHash: null, requireEmailCode: false }, new Set())).toBe(true);
    expect(authenticationOf(signer, new Set(['email_code']))).toEqual({
      accessCode: 'required',
      emailCode: 'passed',
      complete: false,
      locked: false,
      triesLeft: maxAuthFailures,
      maskedEmail: 'j•••e@example.com',
    });
    expect(authenticationOf({ ...signer, authFailures: maxAuthFailures }, new Set())).toMatchObject({
      locked: true,
      triesLeft: 0,
    });
  });

  it('show the address an e-mailed code goes to only partly', () => {
    expect(maskEmail('jo@example.com')).toBe('j•••@example.com');
    expect(maskEmail('a@b.c')).toBe('a•••@b.c');
    expect(maskEmail('erin.ellis@mail.example.org')).toBe('e•••s@mail.example.org');
  });
});
