import { describe, expect, it } from 'vitest';
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

describe('the signing cookie', () => {
  it('carries the link it was opened with and the checks passed, inside its MAC, for an hour', () => {
    const now = Date.now();
    const both = issueSigningCookie(secret, link, new Set(['email_code', 'access_code']), now);
    expect(both.value).toMatch(new RegExp(`^\\d+\\.ae\\.${linkId}\\.[\\w-]+$`));
    expect(verifySigningCookie(secret, signerId, both.value, now + 1000)).toEqual({
      linkId,
      checks: new Set(['access_code', 'email_code']),
    });
    const none = issueSigningCookie(secret, link, new Set(), now);
    expect(none.value).toMatch(new RegExp(`^\\d+\\.-\\.${linkId}\\.[\\w-]+$`));
    expect(verifySigningCookie(secret, signerId, none.value, now)?.checks.size).toBe(0);
    expect(verifySigningCookie(secret, signerId, both.value, now + signingCookieTtlMs + 1)).toBeNull();
  });

  it('refuses an added check, another link, another signer, another secret, old formats and junk', () => {
    const { value } = issueSigningCookie(secret, link, new Set(['access_code']));
    const [expires, , , mac] = value.split('.');
    expect(verifySigningCookie(secret, signerId, `${expires}.ae.${linkId}.${mac}`)).toBeNull();
    const otherLink = '0c5d4e3f-2a1b-4c9d-8e7f-6a5b4c3d2e1f';
    expect(verifySigningCookie(secret, signerId, `${expires}.a.${otherLink}.${mac}`)).toBeNull();
    expect(verifySigningCookie(secret, signerId, `${expires}.a.not-a-link.${mac}`)).toBeNull();
    expect(verifySigningCookie(secret, signerId, `${expires}.a.${mac}`)).toBeNull();
    expect(verifySigningCookie(secret, signerId, `${expires}.${mac}`)).toBeNull();
    expect(verifySigningCookie(secret, signerId.replace('4f', '5f'), value)).toBeNull();
    expect(verifySigningCookie(`${secret}-other`, signerId, value)).toBeNull();
    expect(verifySigningCookie(secret, signerId, `${expires}.x.${linkId}.${mac}`)).toBeNull();
    expect(verifySigningCookie(secret, signerId, `${value}.more`)).toBeNull();
    expect(verifySigningCookie(secret, signerId, 'a'.repeat(300))).toBeNull();
    expect(verifySigningCookie(secret, signerId, undefined)).toBeNull();
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
