import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicLinksApi } from '../../shared/routes/public-links';
import type { VisitorContext } from '../context';
import type { AppDeps } from '../deps';
import { contextOf, requestOrigin } from '../plugins/authentication';
import { createPublicLink } from '../services/public-links/create-public-link';
import { getPublicLinkPage } from '../services/public-links/find-link-by-token';
import { getPublicLink, listTemplatePublicLinks } from '../services/public-links/get-public-link';
import { listLinkSubmissions } from '../services/public-links/list-link-submissions';
import { confirmPublicLink, startPublicLink } from '../services/public-links/start-public-link';
import { updatePublicLink } from '../services/public-links/update-public-link';
import { registerRoute } from './register-route';

/**
 * Public signing links: the owner's side (signed in, their organization's links only) and the
 * visitor's (public: the link's token is all they have, looked up by its hash).
 */
export const publicLinkRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, pdf, files, content }) => {
  registerRoute(app, publicLinksApi.create, {}, async (request, reply) => {
    const ctx = contextOf(request);
    const { id } = await createPublicLink(ctx, request.params.id, request.body);
    return reply.status(201).send(await getPublicLink(ctx, id));
  });
  registerRoute(app, publicLinksApi.listForTemplate, {}, async (request) =>
    listTemplatePublicLinks(contextOf(request), request.params.id),
  );
  registerRoute(app, publicLinksApi.get, {}, async (request) =>
    getPublicLink(contextOf(request), request.params.id),
  );
  registerRoute(app, publicLinksApi.update, {}, async (request) => {
    const ctx = contextOf(request);
    await updatePublicLink(ctx, request.params.id, request.body);
    return getPublicLink(ctx, request.params.id);
  });
  registerRoute(app, publicLinksApi.submissions, {}, async (request) =>
    listLinkSubmissions(contextOf(request), request.params.id, request.query),
  );

  /** The visitor's context for a request: the only place one is made. */
  const visitorOf = (request: FastifyRequest): VisitorContext<'pdf' | 'files' | 'content'> => ({
    db,
    pdf,
    files,
    content,
    origin: requestOrigin(request),
  });
  // Nothing a visitor is answered is kept by a cache: a signing path works once.
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  registerRoute(app, publicLinksApi.page, { config: { public: true } }, async (request, reply) =>
    noStore(reply).send(await getPublicLinkPage(db, request.params.token)),
  );
  registerRoute(app, publicLinksApi.start, { config: { public: true } }, async (request, reply) =>
    noStore(reply).send(await startPublicLink(visitorOf(request), request.params.token, request.body)),
  );
  registerRoute(app, publicLinksApi.confirm, { config: { public: true } }, async (request, reply) =>
    noStore(reply).send(await confirmPublicLink(visitorOf(request), request.params.token, request.body)),
  );
};
