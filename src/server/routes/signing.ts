import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../shared/errors';
import { signingApi } from '../../shared/routes/signing';
import type { SignerContext } from '../context';
import type { AppDeps } from '../deps';
import { requestOrigin } from '../plugins/authentication';
import { readSigningDocument } from '../services/documents/read-document';
import { confirmEmailCode } from '../services/signing/confirm-email-code';
import { declineContract } from '../services/signing/decline-contract';
import { enterAccessCode } from '../services/signing/enter-access-code';
import { getSigningView } from '../services/signing/get-signing-view';
import { openSigningLink } from '../services/signing/open-signing-link';
import { requestEmailCode } from '../services/signing/request-email-code';
import { signContract } from '../services/signing/sign-contract';
import { assertSignerAuthenticated } from '../services/signing/signer-authentication';
import {
  issueSigningCookie,
  type SignerCheck,
  signingCookieName,
  signingCookiePath,
  verifySigningCookie,
} from '../services/signing/signing-cookie';
import { registerRoute } from './register-route';
import { sendPdf } from './send-pdf';

/**
 * The public signing API. A link's token is exchanged once for a short-lived cookie scoped to
 * that signer's paths; every later call proves itself with the cookie, never with the token.
 */
export const signingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const secure = config.appUrl.protocol === 'https:';

  /** The checks this browser passed for the signer; refuses a missing, altered or expired cookie. */
  const signingCookieOf = (request: FastifyRequest, signerId: string) => {
    const cookie = verifySigningCookie(
      config.sessionSecret,
      signerId,
      request.cookies[signingCookieName(signerId)],
    );
    if (!cookie) {
      throw new AppError(
        'SIGNING_SESSION_EXPIRED',
        'Your signing session has ended. Open the link from your e-mail again.',
      );
    }
    return cookie.checks;
  };
  /** The signer's context for a request: the only place one is made. */
  const signerOf = (request: FastifyRequest, signerId: string): SignerContext => ({
    db,
    signerId,
    origin: requestOrigin(request),
  });
  /** A valid cookie that has passed every check the sender asked (access code, e-mailed code). */
  const requireSigner = async (request: FastifyRequest, signerId: string) => {
    await assertSignerAuthenticated(db, signerId, signingCookieOf(request, signerId));
    return signerOf(request, signerId);
  };
  const setSigningCookie = (reply: FastifyReply, signerId: string, checks: ReadonlySet<SignerCheck>) => {
    const cookie = issueSigningCookie(config.sessionSecret, signerId, checks);
    reply.setCookie(signingCookieName(signerId), cookie.value, {
      path: signingCookiePath(signerId),
      httpOnly: true,
      sameSite: 'strict',
      secure,
      expires: cookie.expires,
    });
  };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  registerRoute(
    app,
    signingApi.openSession,
    {
      config: { public: true },
    },
    async (request, reply) => {
      // Reopening the link in the same browser keeps the checks its cookie already passed.
      const { passed, ...session } = await openSigningLink(
        db,
        request.body.token,
        requestOrigin(request),
        (signerId) =>
          verifySigningCookie(config.sessionSecret, signerId, request.cookies[signingCookieName(signerId)])
            ?.checks ?? new Set(),
      );
      setSigningCookie(reply, session.signerId, passed);
      return noStore(reply).send(session);
    },
  );

  registerRoute(
    app,
    signingApi.enterAccessCode,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const { signerId } = request.params;
      const { passed, ...session } = await enterAccessCode(signerOf(request, signerId), {
        code: request.body.code,
        passed: signingCookieOf(request, signerId),
      });
      setSigningCookie(reply, signerId, passed);
      return noStore(reply).send(session);
    },
  );

  registerRoute(
    app,
    signingApi.sendEmailCode,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const { signerId } = request.params;
      signingCookieOf(request, signerId);
      await requestEmailCode(signerOf(request, signerId));
      return reply.status(204).send();
    },
  );

  registerRoute(
    app,
    signingApi.confirmEmailCode,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const { signerId } = request.params;
      const { passed, ...session } = await confirmEmailCode(signerOf(request, signerId), {
        code: request.body.code,
        passed: signingCookieOf(request, signerId),
      });
      setSigningCookie(reply, signerId, passed);
      return noStore(reply).send(session);
    },
  );

  registerRoute(
    app,
    signingApi.get,
    {
      config: { public: true },
    },
    async (request, reply) =>
      noStore(reply).send(
        await getSigningView(await requireSigner(request, request.params.signerId), request.actor),
      ),
  );

  registerRoute(
    app,
    signingApi.document,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const signer = await requireSigner(request, request.params.signerId);
      return sendPdf(reply, await readSigningDocument(signer, request.params.kind));
    },
  );

  registerRoute(
    app,
    signingApi.sign,
    {
      config: { public: true },
    },
    async (request, reply) => {
      await signContract(await requireSigner(request, request.params.signerId), request.body);
      return reply.status(204).send();
    },
  );

  registerRoute(
    app,
    signingApi.decline,
    {
      config: { public: true },
    },
    async (request, reply) => {
      await declineContract(await requireSigner(request, request.params.signerId), request.body.reason);
      return reply.status(204).send();
    },
  );
};
