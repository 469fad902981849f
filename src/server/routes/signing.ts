import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '../../shared/api/common';
import { errorBodySchema } from '../../shared/api/error-body';
import {
  accessCodeBodySchema,
  declineBodySchema,
  emailCodeBodySchema,
  openSigningBodySchema,
  signBodySchema,
  signingParamsSchema,
  signingSessionSchema,
  signingViewSchema,
} from '../../shared/api/signing';
import { AppError } from '../../shared/errors';
import type { AppDeps } from '../deps';
import { requestOrigin } from '../plugins/authentication';
import { readDocument } from '../services/documents/read-document';
import { confirmEmailCode } from '../services/signing/confirm-email-code';
import { declineContract } from '../services/signing/decline-contract';
import { enterAccessCode } from '../services/signing/enter-access-code';
import { findSignerWithContract } from '../services/signing/find-signer';
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
import { sendPdf } from './send-pdf';

const signingDocumentKind = z.enum(['frozen', 'final']);
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * The public signing API. A link's token is exchanged once for a short-lived cookie scoped to
 * that signer's paths; every later call proves itself with the cookie, never with the token.
 */
export const signingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const tags = ['Signing'];
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
  /** A valid cookie that has passed every check the sender asked (access code, e-mailed code). */
  const requireSigner = async (request: FastifyRequest, signerId: string) => {
    await assertSignerAuthenticated(db, signerId, signingCookieOf(request, signerId));
    return signerId;
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

  app.post(
    '/signing/sessions',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Exchange a signing link for a short-lived signing cookie',
        body: openSigningBodySchema,
        response: { 200: signingSessionSchema, ...errors },
      },
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

  app.post(
    '/signing/:signerId/access-code',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Enter the access code the sender shared; five wrong codes in a row lock the signer out',
        params: signingParamsSchema,
        body: accessCodeBodySchema,
        response: { 200: signingSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { signerId } = request.params;
      const { passed, ...session } = await enterAccessCode(db, {
        signerId,
        code: request.body.code,
        passed: signingCookieOf(request, signerId),
        origin: requestOrigin(request),
      });
      setSigningCookie(reply, signerId, passed);
      return noStore(reply).send(session);
    },
  );

  app.post(
    '/signing/:signerId/email-code',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "E-mail a new one-time code to the signer's address (it replaces any earlier one)",
        params: signingParamsSchema,
        response: { 204: noContentSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { signerId } = request.params;
      signingCookieOf(request, signerId);
      await requestEmailCode(db, { signerId, origin: requestOrigin(request) });
      return reply.status(204).send();
    },
  );

  app.post(
    '/signing/:signerId/email-code/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Enter the e-mailed one-time code; five wrong codes in a row lock the signer out',
        params: signingParamsSchema,
        body: emailCodeBodySchema,
        response: { 200: signingSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { signerId } = request.params;
      const { passed, ...session } = await confirmEmailCode(db, {
        signerId,
        code: request.body.code,
        passed: signingCookieOf(request, signerId),
        origin: requestOrigin(request),
      });
      setSigningCookie(reply, signerId, passed);
      return noStore(reply).send(session);
    },
  );

  app.get(
    '/signing/:signerId',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'What the signing page shows',
        params: signingParamsSchema,
        response: { 200: signingViewSchema, ...errors },
      },
    },
    async (request, reply) =>
      noStore(reply).send(
        await getSigningView(db, await requireSigner(request, request.params.signerId), request.actor),
      ),
  );

  app.get(
    '/signing/:signerId/documents/:kind',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The frozen PDF, or the sealed one once everyone has signed',
        params: signingParamsSchema.extend({ kind: signingDocumentKind }),
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const signerId = await requireSigner(request, request.params.signerId);
      const { contract } = await findSignerWithContract(db, signerId);
      return sendPdf(reply, await readDocument(db, contract.id, request.params.kind));
    },
  );

  app.post(
    '/signing/:signerId/sign',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign: consent, field values and the signature image',
        params: signingParamsSchema,
        body: signBodySchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await signContract(
        db,
        await requireSigner(request, request.params.signerId),
        request.body,
        requestOrigin(request),
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/signing/:signerId/decline',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Decline to sign, with a reason; the contract is canceled',
        params: signingParamsSchema,
        body: declineBodySchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await declineContract(
        db,
        await requireSigner(request, request.params.signerId),
        request.body.reason,
        requestOrigin(request),
      );
      return reply.status(204).send();
    },
  );
};
