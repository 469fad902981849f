import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '../../shared/api/common';
import { errorBodySchema } from '../../shared/api/error-body';
import {
  declineBodySchema,
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
import { declineContract } from '../services/signing/decline-contract';
import { findSignerWithContract } from '../services/signing/find-signer';
import { getSigningView } from '../services/signing/get-signing-view';
import { openSigningLink } from '../services/signing/open-signing-link';
import { signContract } from '../services/signing/sign-contract';
import {
  issueSigningCookie,
  signingCookieName,
  signingCookiePath,
  verifySigningCookie,
} from '../services/signing/signing-cookie';
import { sendPdf } from './send-pdf';

const signingDocumentKind = z.enum(['frozen', 'final']);
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * The public signing API. A link's token is exchanged once for a short-lived cookie scoped to
 * that signer's paths; every later call proves itself with the cookie, never with the token.
 */
export const signingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const tags = ['Signing'];
  const secure = config.appUrl.protocol === 'https:';

  const requireSigner = (request: FastifyRequest, signerId: string) => {
    if (!verifySigningCookie(config.sessionSecret, signerId, request.cookies[signingCookieName(signerId)])) {
      throw new AppError(
        'SIGNING_SESSION_EXPIRED',
        'Your signing session has ended. Open the link from your e-mail again.',
      );
    }
    return signerId;
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
      const session = await openSigningLink(db, request.body.token, requestOrigin(request));
      const cookie = issueSigningCookie(config.sessionSecret, session.signerId);
      reply.setCookie(signingCookieName(session.signerId), cookie.value, {
        path: signingCookiePath(session.signerId),
        httpOnly: true,
        sameSite: 'strict',
        secure,
        expires: cookie.expires,
      });
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
        await getSigningView(db, requireSigner(request, request.params.signerId), request.actor),
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
      const signerId = requireSigner(request, request.params.signerId);
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
        requireSigner(request, request.params.signerId),
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
        requireSigner(request, request.params.signerId),
        request.body.reason,
        requestOrigin(request),
      );
      return reply.status(204).send();
    },
  );
};
