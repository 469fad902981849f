import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SigningLinkPurpose } from '../../shared/enums';
import { AppError } from '../../shared/errors';
import { pdfMediaType } from '../../shared/pdf-file';
import { signingApi } from '../../shared/routes/signing';
import type { SignerContext } from '../context';
import type { AppDeps } from '../deps';
import { requestOrigin } from '../plugins/authentication';
import { cookies } from '../plugins/cookies';
import { readSigningDocument } from '../services/documents/read-document';
import { approveContract } from '../services/signing/approve-contract';
import { confirmEmailCode } from '../services/signing/confirm-email-code';
import { declineContract } from '../services/signing/decline-contract';
import { delegateTurn } from '../services/signing/delegate-turn';
import { enterAccessCode } from '../services/signing/enter-access-code';
import { getSigningView } from '../services/signing/get-signing-view';
import { openSigningLink } from '../services/signing/open-signing-link';
import { requestEmailCode } from '../services/signing/request-email-code';
import { refuseSignAttemptEarly } from '../services/signing/sign-attempts';
import { signContract } from '../services/signing/sign-contract';
import { assertSignerAuthenticated } from '../services/signing/signer-authentication';
import {
  issueSigningCookie,
  type SignerCheck,
  type SigningLink,
  verifySigningCookie,
} from '../services/signing/signing-cookie';
import { assertLiveLink, downloadOnlyError } from '../services/signing/signing-link';
import { registerRoute } from './register-route';
import { sendStoredFile } from './send-file';

/**
 * The public signing API. A link's token is exchanged once for a short-lived cookie scoped to
 * that signer's paths and bound to that link; every later call proves itself with the cookie,
 * never with the token, and only while the link it was opened with still works.
 */
export const signingRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, secret, files, pdf, content, instanceCertificate },
) => {
  /**
   * The link this browser's session was opened with and the checks it passed for the signer.
   * Refuses a missing, altered or expired cookie, and answers a session whose link was retired
   * since (a reminder that lifted a lock) as that link itself now answers.
   */
  /** The session's cookie: an embedded session's (in another site's frame), else a signing link's. */
  const sessionCookieOf = (request: FastifyRequest, signerId: string) =>
    verifySigningCookie(secret, signerId, request.cookies[cookies.signingEmbedded(signerId).name]) ??
    verifySigningCookie(secret, signerId, request.cookies[cookies.signing(signerId).name]);
  const signingCookieOf = async (request: FastifyRequest, signerId: string) => {
    const cookie = sessionCookieOf(request, signerId);
    if (!cookie) {
      throw new AppError(
        'SIGNING_SESSION_EXPIRED',
        'Your signing session has ended. Open the link from your e-mail again.',
      );
    }
    const purpose = await assertLiveLink(db, { signerId, linkId: cookie.linkId });
    return { ...cookie, purpose };
  };
  /** The signer's context for a request: the only place one is made. */
  const signerOf = (
    request: FastifyRequest,
    { signerId, linkId }: SigningLink,
  ): SignerContext<'content'> => ({
    db,
    content,
    signerId,
    linkId,
    origin: requestOrigin(request),
  });
  /**
   * A session of a working link that has passed every check the sender asked (access code,
   * e-mailed code). A download link's session is refused unless `download` (the sealed PDF).
   */
  const requireSigner = async (request: FastifyRequest, signerId: string, { download = false } = {}) => {
    const { linkId, checks, purpose } = await signingCookieOf(request, signerId);
    if (purpose === 'download' && !download) throw downloadOnlyError();
    await assertSignerAuthenticated(db, signerId, checks);
    return signerOf(request, { signerId, linkId });
  };
  const setSigningCookie = (
    reply: FastifyReply,
    link: SigningLink & { purpose: SigningLinkPurpose },
    checks: ReadonlySet<SignerCheck>,
  ) => {
    const cookie = issueSigningCookie(secret, link, checks);
    const kind = link.purpose === 'embed' ? cookies.signingEmbedded : cookies.signing;
    reply.setAppCookie(kind(link.signerId), cookie.value, cookie.expires);
  };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  /**
   * One signature is all that stands between the contract and its seal: the PDF thread is readied
   * now (once in its life; pdf/warm-up.ts, then kept a while), not when the seal needs it.
   */
  const warmPdfThread = (log: FastifyBaseLogger) =>
    void pdf
      .warmUp({ p12: instanceCertificate.p12, password: instanceCertificate.password })
      .catch((error: unknown) => log.warn({ err: error }, 'The PDF thread could not be warmed up'));

  registerRoute(
    app,
    signingApi.openSession,
    {
      config: { public: true },
    },
    async (request, reply) => {
      // Reopening a link in the same browser keeps the checks its cookie already passed, if the
      // link that cookie was opened with still works.
      const { passed, linkId, ...session } = await openSigningLink(
        db,
        request.body.token,
        requestOrigin(request),
        (signerId) => verifySigningCookie(secret, signerId, request.cookies[cookies.signing(signerId).name]),
      );
      setSigningCookie(reply, { signerId: session.signerId, linkId, purpose: session.purpose }, passed);
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
      const { linkId, checks, purpose } = await signingCookieOf(request, signerId);
      const { passed, ...session } = await enterAccessCode(signerOf(request, { signerId, linkId }), {
        code: request.body.code,
        passed: checks,
      });
      setSigningCookie(reply, { signerId, linkId, purpose }, passed);
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
      const { linkId } = await signingCookieOf(request, signerId);
      await requestEmailCode(signerOf(request, { signerId, linkId }));
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
      const { linkId, checks, purpose } = await signingCookieOf(request, signerId);
      const { passed, ...session } = await confirmEmailCode(signerOf(request, { signerId, linkId }), {
        code: request.body.code,
        passed: checks,
      });
      setSigningCookie(reply, { signerId, linkId, purpose }, passed);
      return noStore(reply).send(session);
    },
  );

  registerRoute(
    app,
    signingApi.get,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const signer = await requireSigner(request, request.params.signerId);
      // Their signature would complete the contract.
      const lastToSign = () => warmPdfThread(request.log);
      return noStore(reply).send(await getSigningView(signer, request.actor, lastToSign));
    },
  );

  registerRoute(
    app,
    signingApi.document,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const signer = await requireSigner(request, request.params.signerId, {
        download: request.params.kind === 'final',
      });
      return sendStoredFile(request, reply, {
        ...(await readSigningDocument({ ...signer, files }, request.params.kind)),
        contentType: pdfMediaType,
      });
    },
  );

  // Before a signature's or an approval's body is read: a recipient past their tries is refused
  // without parsing it. (Parameters are not validated yet: the signing cookie, signed for one
  // signer, is the check.)
  const refuseBeforeBody = async (request: FastifyRequest) => {
    const { signerId } = request.params as { signerId: string };
    await requireSigner(request, signerId);
    await refuseSignAttemptEarly(db, signerId);
  };

  registerRoute(
    app,
    signingApi.sign,
    {
      config: { public: true },
      onRequest: refuseBeforeBody,
    },
    async (request, reply) => {
      const signed = await signContract(await requireSigner(request, request.params.signerId), request.body);
      // The signer left has their page open already (they opened it before this signature).
      if (signed.lastSignerHasOpened) warmPdfThread(request.log);
      return reply.status(204).send();
    },
  );

  registerRoute(
    app,
    signingApi.approve,
    {
      config: { public: true },
      onRequest: refuseBeforeBody,
    },
    async (request, reply) => {
      const approved = await approveContract(
        await requireSigner(request, request.params.signerId),
        request.body,
      );
      if (approved.lastSignerHasOpened) warmPdfThread(request.log);
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

  registerRoute(
    app,
    signingApi.delegate,
    {
      config: { public: true },
    },
    async (request, reply) => {
      const delegation = await delegateTurn(
        await requireSigner(request, request.params.signerId),
        request.body,
      );
      return noStore(reply).send(delegation);
    },
  );
};
