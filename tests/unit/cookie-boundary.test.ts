import { describe, expect, it } from 'vitest';
import { cookies } from '../../src/server/plugins/cookies';
import { serverSources } from '../support/server-sources';

const sources = serverSources();

describe('cookies', () => {
  it('are set and cleared only through the cookie table, with no options passed by hand', () => {
    const byHand = sources
      .filter(
        ({ file, text }) => file !== 'plugins/cookies.ts' && /\.(setCookie|clearCookie)\s*\(/.test(text),
      )
      .map(({ file }) => file);
    expect(byHand).toEqual([]);
  });

  it('are signed only by signed-value.ts: no cookie file makes a MAC of its own', () => {
    const ownMac = sources
      .filter(({ file, text }) => /cookie/i.test(file) && /createHmac|timingSafeEqual/.test(text))
      .map(({ file }) => file);
    expect(ownMac).toEqual([]);
  });

  it('are all HttpOnly, and a signer’s or reviewer’s is sent only to their own paths', () => {
    const id = '4f7c2d1e-3a5b-4c6d-8e9f-0a1b2c3d4e5f';
    const all = [
      cookies.session,
      cookies.device,
      cookies.signUp,
      cookies.secondFactor,
      cookies.oidc,
      cookies.webAuthn,
      cookies.signing(id),
      cookies.review(id),
    ];
    expect(all.every((cookie) => cookie.httpOnly)).toBe(true);
    expect(new Set(all.map((cookie) => cookie.name)).size).toBe(all.length);
    expect(cookies.signing(id)).toMatchObject({ path: `/api/signing/${id}`, sameSite: 'strict' });
    expect(cookies.review(id)).toMatchObject({ path: `/api/review/${id}`, sameSite: 'strict' });
  });
});
