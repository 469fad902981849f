import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { pendingSignInTtlMs } from '../services/accounts/oidc-state-cookie';
import { signUpCookieTtlMs } from '../services/accounts/sign-up-cookie';
import { reviewCookieTtlMs } from '../services/reviews/review-cookie';
import { signingCookieTtlMs } from '../services/signing/signing-cookie';
import { pendingSecondFactorTtlMs } from '../services/two-factor/pending-second-factor-cookie';
import { webAuthnChallengeTtlMs } from '../services/two-factor/webauthn-challenge-cookie';

/** How long a browser keeps a cookie. */
export type CookieLifetime =
  /** `Max-Age`: this long after it is set. */
  | { maxAgeMs: number }
  /**
   * `Expires`: when its signed value stops being good (this long after it is issued), given
   * with the value when it is set.
   */
  | { expiresWithValueMs: number }
  /** No expiry, so the browser drops it when it closes, unless an expiry is given when it is set. */
  | 'browser-session';

/** One cookie Pactum sets: everything a browser is told about it but its value. Every one is HttpOnly. */
export type AppCookie = {
  name: string;
  path: string;
  /** `none` only for a page shown in another site's frame: always Secure, and Partitioned by that site. */
  sameSite: 'lax' | 'strict' | 'none';
  httpOnly: true;
  lifetime: CookieLifetime;
};

/** The cookies of a sign-in in progress live under /api/auth: no other route ever sees them. */
const authPath = '/api/auth';

/**
 * Every cookie Pactum sets, declared once. Routes set and clear them only through
 * `reply.setAppCookie` and `reply.clearAppCookie`, which add `Secure` when APP_URL is https.
 */
export const cookies = {
  /** The session (its token; the database keeps only its HMAC). Lax: links from e-mails land signed in. */
  session: {
    name: 'pactum_session',
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    // With remember-me it expires with the session; otherwise when the browser closes.
    lifetime: 'browser-session',
  },
  /** A random id of the browser, to notice a sign-in from a new one (record-sign-in-device.ts). */
  device: {
    name: 'pactum_device',
    path: authPath,
    sameSite: 'lax',
    httpOnly: true,
    // As long as browsers keep a cookie (Chrome caps at 400 days).
    lifetime: { maxAgeMs: 400 * 24 * 60 * 60 * 1000 },
  },
  /**
   * The sign-ups this browser asked for (sign-up-cookie.ts). Lax: the link is opened from a mail
   * program, a cross-site navigation to the page, whose confirmation is then a same-site request.
   */
  signUp: {
    name: 'pactum_sign_up',
    path: authPath,
    sameSite: 'lax',
    httpOnly: true,
    lifetime: { maxAgeMs: signUpCookieTtlMs },
  },
  /**
   * A sign-in waiting for its second factor (pending-second-factor-cookie.ts). Lax: an OpenID
   * sign-in sets it on the provider's redirect back, a cross-site navigation.
   */
  secondFactor: {
    name: 'pactum_2fa',
    path: authPath,
    sameSite: 'lax',
    httpOnly: true,
    lifetime: { maxAgeMs: pendingSecondFactorTtlMs },
  },
  /**
   * An OpenID sign-in's PKCE verifier, state and nonce (oidc-state-cookie.ts). Lax: the
   * provider sends the browser back with a top-level GET, which must carry it.
   */
  oidc: {
    name: 'pactum_oidc',
    path: '/api/auth/oidc',
    sameSite: 'lax',
    httpOnly: true,
    lifetime: { maxAgeMs: pendingSignInTtlMs },
  },
  /** A WebAuthn challenge (webauthn-challenge-cookie.ts), for the /api routes that check it. */
  webAuthn: {
    name: 'pactum_webauthn',
    path: '/api',
    sameSite: 'strict',
    httpOnly: true,
    lifetime: { maxAgeMs: webAuthnChallengeTtlMs },
  },
  /** A signer's session (signing-cookie.ts): one per signer, sent only to that signer's API paths. */
  signing: (signerId: string): AppCookie => ({
    name: `pactum_sign_${signerId.replaceAll('-', '')}`,
    path: `/api/signing/${signerId}`,
    sameSite: 'strict',
    httpOnly: true,
    lifetime: { expiresWithValueMs: signingCookieTtlMs },
  }),
  /**
   * The same for a session an embed link opened: the signing page is then in another site's frame,
   * where a SameSite=Strict cookie is never sent. SameSite=None, so always Secure (browsers take
   * that from https and from localhost), and Partitioned (CHIPS): the browser keeps it for that
   * embedding site only, and sends it to no other. Requests that change anything still pass the
   * same-origin check (plugins/same-origin.ts), as every other.
   */
  signingEmbedded: (signerId: string): AppCookie => ({
    name: `pactum_sign_embedded_${signerId.replaceAll('-', '')}`,
    path: `/api/signing/${signerId}`,
    sameSite: 'none',
    httpOnly: true,
    lifetime: { expiresWithValueMs: signingCookieTtlMs },
  }),
  /** A reviewer's session (review-cookie.ts): one per reviewer, sent only to that reviewer's API paths. */
  review: (reviewerId: string): AppCookie => ({
    name: `pactum_review_${reviewerId.replaceAll('-', '')}`,
    path: `/api/review/${reviewerId}`,
    sameSite: 'strict',
    httpOnly: true,
    lifetime: { expiresWithValueMs: reviewCookieTtlMs },
  }),
} satisfies Record<string, AppCookie | ((id: string) => AppCookie)>;

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Sets one of the cookies of the table with its declared attributes. `expires` is the
     * expiry of a value that carries its own (and the remember-me session's); no other may take one.
     */
    setAppCookie(cookie: AppCookie, value: string, expires?: Date): FastifyReply;
    /** Tells the browser to drop one of the cookies of the table. */
    clearAppCookie(cookie: AppCookie): FastifyReply;
  }
}

/** What the browser is told about a cookie besides its value and lifetime; `secure` is decided once. */
const attributesOf = (cookie: AppCookie, secure: boolean) => ({
  path: cookie.path,
  httpOnly: cookie.httpOnly,
  sameSite: cookie.sameSite,
  ...(cookie.sameSite === 'none' ? { secure: true, partitioned: true } : { secure }),
});

function lifetimeOf(cookie: AppCookie, expires: Date | undefined): { maxAge?: number; expires?: Date } {
  const { lifetime } = cookie;
  if (lifetime === 'browser-session') return expires ? { expires } : {};
  if ('maxAgeMs' in lifetime) {
    if (expires) throw new Error(`The cookie ${cookie.name} lives a fixed span: it takes no expiry`);
    return { maxAge: lifetime.maxAgeMs / 1000 };
  }
  if (!expires) throw new Error(`The cookie ${cookie.name} expires with its value: give its expiry`);
  return { expires };
}

/**
 * Cookie parsing, and the one way to set and clear Pactum's cookies: marked `Secure` when APP_URL
 * is https (decided here, once).
 */
export async function registerCookies(app: FastifyInstance, appUrl: URL): Promise<void> {
  const secure = appUrl.protocol === 'https:';
  await app.register(fastifyCookie);
  app.decorateReply(
    'setAppCookie',
    function (this: FastifyReply, cookie: AppCookie, value: string, expires?: Date) {
      return this.setCookie(cookie.name, value, {
        ...attributesOf(cookie, secure),
        ...lifetimeOf(cookie, expires),
      });
    },
  );
  app.decorateReply('clearAppCookie', function (this: FastifyReply, cookie: AppCookie) {
    return this.clearCookie(cookie.name, attributesOf(cookie, secure));
  });
}
