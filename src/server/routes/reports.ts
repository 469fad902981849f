import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportsApi } from '../../shared/routes/reports';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { cycleTimeReport } from '../services/reports/cycle-time-report';
import { pipelineReport } from '../services/reports/pipeline-report';
import { renewalsReport } from '../services/reports/renewals-report';
import { reportCsv } from '../services/reports/report-csv';
import { signerResponseReport } from '../services/reports/signer-response-report';
import { valueReport } from '../services/reports/value-report';
import { registerRoute } from './register-route';
import { sendFile } from './send-file';

export const reportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, reportsApi.pipeline, {}, async (request) =>
    pipelineReport(contextOf(request), request.query),
  );
  registerRoute(app, reportsApi.cycleTimes, {}, async (request) =>
    cycleTimeReport(contextOf(request), request.query),
  );
  registerRoute(app, reportsApi.value, {}, async (request) => valueReport(contextOf(request), request.query));
  registerRoute(app, reportsApi.renewals, {}, async (request) =>
    renewalsReport(contextOf(request), request.query),
  );
  registerRoute(app, reportsApi.signerResponse, {}, async (request) =>
    signerResponseReport(contextOf(request), request.query),
  );
  registerRoute(app, reportsApi.csv, {}, async (request, reply) => {
    const file = await reportCsv(contextOf(request), request.params.table, request.query);
    return sendFile(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
  });
};
