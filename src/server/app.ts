import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyReply, LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from '../shared/errors';
import type { AppDeps } from './deps';
import type { TrustProxy } from './env';
import { webDistDir } from './paths';
import { registerAuthentication } from './plugins/authentication';
import { registerBodyShapeCheck } from './plugins/body-shape';
import { cookies, registerCookies } from './plugins/cookies';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSameOriginCheck } from './plugins/same-origin';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serializerCompiler } from './plugins/serializer';
import { registerWebApp } from './plugins/web-app';
import { apiTokenRoutes } from './routes/api-tokens';
import { approvalRoutes } from './routes/approvals';
import { authRoutes } from './routes/auth';
import { bulkSendRoutes } from './routes/bulk-sends';
import { commentRoutes } from './routes/comments';
import { contractFileRoutes } from './routes/contract-files';
import { contractRoutes } from './routes/contracts';
import { deadlineRoutes } from './routes/deadlines';
import { docxRoutes } from './routes/docx';
import { embeddingRoutes } from './routes/embedding';
import { healthRoutes } from './routes/health';
import { mailRoutes } from './routes/mail';
import { notificationRoutes } from './routes/notifications';
import { oidcRoutes } from './routes/oidc';
import { profileRoutes } from './routes/profile';
import { projectRoutes } from './routes/projects';
import { publicLinkRoutes } from './routes/public-links';
import { reportRoutes } from './routes/reports';
import { reviewRoutes } from './routes/reviews';
import { searchRoutes } from './routes/search';
import { settingsRoutes } from './routes/settings';
import { signatureRoutes } from './routes/signatures';
import { signingRoutes } from './routes/signing';
import { teamRoutes } from './routes/team';
import { templateRoutes } from './routes/templates';
import { termRoutes } from './routes/terms';
import { testClockRoutes } from './routes/test-clock';
import { twoFactorRoutes } from './routes/two-factor';
import { verificationRoutes } from './routes/verification';
import { versionRoutes } from './routes/versions';
import { webhookRoutes } from './routes/webhooks';
import { workspaceRoutes } from './routes/workspace';
import { webhookDocuments } from './services/webhooks/webhook-documents';

/**
 * Any request body; routes that take more say so (a contract's JSON, a PDF to verify, an image
 * or certificate upload). Anything bigger is answered 413 before it is parsed.
 */
export const bodyLimitBytes = 1024 * 1024;

export type AppOptions = {
  loggerInstance?: FastifyBaseLogger;
  webDistDir?: string;
  trustProxy?: TrustProxy;
};

/** Fastify's form of TRUST_PROXY: a hop count trusts that many proxies nearest to us, no more. */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Builds the whole HTTP app from its dependencies, without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps, options: AppOptions = {}) {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false }),
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: bodyLimitBytes,
    // A request (headers and body) must arrive within two minutes: a 25 MB upload needs under
    // 2 Mbit/s, and a connection that trickles bytes to hold a place is closed.
    requestTimeout: 120_000,
    trustProxy: trustProxyOption(options.trustProxy ?? false),
    // A URL Fastify cannot even route (bad percent-encoding…) still answers in the one error shape.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply)
        .status(400)
        .send(new AppError('INVALID_INPUT', 'The request URL is malformed').toBody());
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // The id every log line of the request carries, so a user can quote it in a report.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerSecurityHeaders(app);
  await registerCookies(app, deps.appUrl);
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: its `webhooks` section documents what each event's delivery holds.
      openapi: '3.1.0',
      info: {
        title: 'Pactum API',
        version: '1.0.0',
        description:
          'Every request is scoped to the signed-in user\'s organization. Errors answer `{ "error": { "code", "message" } }`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: cookies.session.name },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An organization API token (`pct_…`) made by an admin in Settings. `read` tokens only read; ' +
              'routes for people (sign-in, profile, team, settings, tokens) refuse tokens.',
          },
        },
      },
      // Either one authenticates a request.
      security: [{ session: [] }, { apiToken: [] }],
      webhooks: webhookDocuments(),
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      registerSameOriginCheck(api, deps.appUrl);
      registerAuthentication(api, {
        db: deps.db,
        secret: deps.secret,
        ...(deps.apiTokenLimit ? { apiTokenLimit: deps.apiTokenLimit } : {}),
        ...(deps.badApiTokenLimit ? { badApiTokenLimit: deps.badApiTokenLimit } : {}),
        services: {
          pdf: deps.pdf,
          content: deps.content,
          docx: deps.docx,
          uploads: deps.uploads,
          files: deps.files,
          appUrl: deps.appUrl,
          secret: deps.secret,
          instanceCertificate: deps.instanceCertificate,
          smtp: deps.smtp,
          accountLimits: deps.accountLimits,
          webhookTargets: deps.webhookTargets,
        },
      });
      registerBodyShapeCheck(api);
      // API answers are the caller's own data: no browser or shared cache keeps them.
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      await api.register(healthRoutes, deps);
      await api.register(authRoutes, deps);
      await api.register(oidcRoutes, deps);
      await api.register(twoFactorRoutes, deps);
      await api.register(contractRoutes, deps);
      await api.register(versionRoutes, deps);
      await api.register(approvalRoutes, deps);
      await api.register(reviewRoutes, deps);
      await api.register(commentRoutes, deps);
      await api.register(templateRoutes, deps);
      await api.register(bulkSendRoutes, deps);
      await api.register(publicLinkRoutes, deps);
      await api.register(docxRoutes, deps);
      await api.register(embeddingRoutes, deps);
      await api.register(contractFileRoutes, deps);
      await api.register(projectRoutes, deps);
      await api.register(searchRoutes, deps);
      await api.register(termRoutes, deps);
      await api.register(deadlineRoutes, deps);
      await api.register(reportRoutes, deps);
      await api.register(workspaceRoutes, deps);
      await api.register(signingRoutes, deps);
      await api.register(verificationRoutes, deps);
      await api.register(notificationRoutes, deps);
      await api.register(mailRoutes, deps);
      await api.register(settingsRoutes, deps);
      await api.register(signatureRoutes, deps);
      await api.register(profileRoutes, deps);
      await api.register(teamRoutes, deps);
      await api.register(apiTokenRoutes, deps);
      await api.register(webhookRoutes, deps);
      if (deps.clockControl) await api.register(testClockRoutes, deps);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, options.webDistDir ?? webDistDir, deps.db);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
