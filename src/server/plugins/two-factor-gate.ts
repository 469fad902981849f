import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../shared/api/auth';
import type { SecondFactorMethod } from '../../shared/api/two-factor';
import type { AppDeps } from '../deps';
import { presentCurrentUser } from '../presenters/current-user';
import {
  completePasswordReset,
  type PendingPasswordReset,
} from '../services/accounts/confirm-password-reset';
import { createSession } from '../services/sessions/create-session';
import { deleteSession } from '../services/sessions/delete-session';
import { findSessionActor } from '../services/sessions/find-session-actor';
import { recordSignInDevice } from '../services/sessions/record-sign-in-device';
import {
  type PendingSecondFactor,
  sealPendingSecondFactor,
} from '../services/two-factor/pending-second-factor-cookie';
import { secondFactorMethods } from '../services/two-factor/second-factor-methods';
import { requestOrigin } from './authentication';
import { cookies } from './cookies';

export type Account = { userId: string; organizationId: string };

export type SignInOutcome = { user: CurrentUser } | { secondFactor: { methods: SecondFactorMethod[] } };

/**
 * The one way every sign-in ends (a password, Google or Microsoft, a reset link, a passkey, a
 * sign-up): `begin` after the first factor passed, which either starts the session or, when the
 * account has a second factor, only leaves a signed 10-minute cookie saying so; `finish` once
 * every factor needed has passed. Nothing else creates a session for a person signing in.
 * A password reset rides along: it is applied (password set, sessions ended) only in `complete`,
 * once every factor passed, never on the reset link alone.
 */
export function signInFlow(deps: Pick<AppDeps, 'db' | 'secret'>) {
  const { db, secret } = deps;

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    account: Account,
    options: { persistent: boolean; authMethods: string[]; newAccount?: boolean },
  ): Promise<{ user: CurrentUser }> {
    // A sign-in replaces the session the browser had, rather than leaving it valid beside the new one.
    if (request.actor) await deleteSession(db, request.actor.sessionId);
    const origin = requestOrigin(request);
    const session = await createSession(db, {
      secret: secret,
      ...account,
      persistent: options.persistent,
      authMethods: options.authMethods,
      ...origin,
    });
    // Without remember-me the cookie has no expiry, so the browser drops it when it closes.
    reply.setAppCookie(cookies.session, session.token, session.persistent ? session.expiresAt : undefined);
    clearPendingSecondFactor(reply);
    const device = await recordSignInDevice(db, {
      ...account,
      token: request.cookies[cookies.device.name],
      ...origin,
      // A brand-new account's first browser is no news; nor is the browser that just opened the
      // reset link mailed to the owner (proof of the mailbox, which a new-sign-in mail would go to).
      notify: !options.newAccount && !options.authMethods.includes('password-reset'),
    });
    reply.setAppCookie(cookies.device, device);
    const actor = await findSessionActor(db, {
      secret: secret,
      token: session.token,
      ...origin,
    });
    if (!actor) throw new Error('A session just created could not be found');
    return { user: presentCurrentUser(actor) };
  }

  /**
   * Every factor passed: applies a pending password reset (which ends every session of the
   * account, and fails if its link was used meanwhile), then signs this browser in.
   */
  async function complete(
    request: FastifyRequest,
    reply: FastifyReply,
    account: Account,
    options: {
      persistent: boolean;
      authMethods: string[];
      newAccount?: boolean;
      reset?: PendingPasswordReset;
    },
  ): Promise<{ user: CurrentUser }> {
    const { reset, ...rest } = options;
    if (reset) await completePasswordReset(db, { ...reset, ip: request.ip ?? null });
    return finish(request, reply, account, rest);
  }

  async function begin(
    request: FastifyRequest,
    reply: FastifyReply,
    account: Account,
    options: {
      persistent: boolean;
      firstFactor: string;
      next?: string | null;
      newAccount?: boolean;
      reset?: PendingPasswordReset;
    },
  ): Promise<SignInOutcome> {
    const methods = options.newAccount ? [] : await secondFactorMethods(db, account.userId);
    if (methods.length === 0) {
      return complete(request, reply, account, { ...options, authMethods: [options.firstFactor] });
    }
    const pending: PendingSecondFactor = {
      ...account,
      persistent: options.persistent,
      firstFactor: options.firstFactor,
      next: options.next ?? null,
      ...(options.reset ? { reset: options.reset } : {}),
    };
    reply.setAppCookie(cookies.secondFactor, sealPendingSecondFactor(secret, pending));
    return { secondFactor: { methods } };
  }

  function clearPendingSecondFactor(reply: FastifyReply): void {
    reply.clearAppCookie(cookies.secondFactor);
  }

  return { begin, complete, finish, clearPendingSecondFactor };
}
