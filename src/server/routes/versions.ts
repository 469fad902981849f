import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { docxMediaType } from '../../shared/docx-file';
import { pdfMediaType } from '../../shared/pdf-file';
import { versionsApi } from '../../shared/routes/versions';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { getContract } from '../services/contracts/get-contract';
import { compareVersions } from '../services/versions/compare-versions';
import { comparisonDocx, comparisonPdf } from '../services/versions/download-comparison';
import { getVersion } from '../services/versions/get-version';
import { listVersions } from '../services/versions/list-versions';
import { restoreVersion } from '../services/versions/restore-version';
import { registerRoute } from './register-route';
import { sendFile } from './send-file';

export const versionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, versionsApi.list, {}, async (request) =>
    listVersions(contextOf(request), request.params.id),
  );

  registerRoute(app, versionsApi.get, {}, async (request) =>
    getVersion(contextOf(request), request.params.id, request.params.number),
  );

  registerRoute(app, versionsApi.restore, {}, async (request) => {
    const ctx = contextOf(request);
    await restoreVersion(ctx, request.params.id, request.params.number, request.body?.baseRevision);
    return getContract(ctx, request.params.id);
  });

  registerRoute(app, versionsApi.compare, {}, async (request) =>
    compareVersions(contextOf(request), request.params.id, request.query),
  );

  registerRoute(app, versionsApi.comparePdf, {}, async (request, reply) => {
    const file = await comparisonPdf(contextOf(request), request.params.id, request.query);
    return sendFile(reply, { ...file, contentType: pdfMediaType });
  });

  registerRoute(app, versionsApi.compareDocx, {}, async (request, reply) => {
    const file = await comparisonDocx(contextOf(request), request.params.id, request.query);
    return sendFile(reply, { ...file, contentType: docxMediaType });
  });
};
