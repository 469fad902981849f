import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../shared/errors';
import { spreadsheetLimits } from '../../shared/limits';
import { bulkSendsApi } from '../../shared/routes/bulk-sends';
import { spreadsheetMediaTypes } from '../../shared/spreadsheet-file';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { registerFileBody } from '../plugins/file-body';
import { uploadAdmission } from '../plugins/upload-admission';
import { bulkProblemsFile, bulkSampleFile } from '../services/bulk-sends/bulk-files';
import { getBulkSend, listBulkSends } from '../services/bulk-sends/get-bulk-send';
import { listBulkRows } from '../services/bulk-sends/list-bulk-rows';
import { previewBulkRow } from '../services/bulk-sends/preview-bulk-row';
import {
  discardBulkSend,
  removeBulkRow,
  setBulkMapping,
  updateBulkRow,
} from '../services/bulk-sends/revise-bulk-send';
import { retryBulkSend, sendBulkSend, stopBulkSend } from '../services/bulk-sends/send-bulk-send';
import { createBulkSend, uploadBulkSend } from '../services/bulk-sends/start-bulk-send';
import { registerRoute } from './register-route';
import { sendFile } from './send-file';

/** Files read at once by this process, and by one person: each holds up to 10 MB until read. */
const maxConcurrentUploads = 4;
const maxConcurrentPerUser = 1;

/**
 * A JSON batch of 5,000 rows of two people and a few values is about 1.5 MB and 60,000 values;
 * the bounds leave room for longer values, never for more than a batch holds.
 */
const jsonBatchBytes = 4 * 1024 * 1024;
const jsonBatchValues = 200_000;

/** Bulk send: a template to many, from a spreadsheet or JSON rows, checked, previewed, sent and followed. */
export const bulkSendRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  for (const mediaType of Object.values(spreadsheetMediaTypes)) {
    registerFileBody(app, mediaType, spreadsheetLimits.fileBytes);
  }
  const admission = uploadAdmission({
    mediaType: Object.values(spreadsheetMediaTypes),
    wrongType: 'Send the spreadsheet as the request body, as text/csv or as an .xlsx workbook',
    busy: 'A spreadsheet is being read for you right now. Try again in a few seconds.',
    caps: { total: maxConcurrentUploads, perUser: maxConcurrentPerUser },
  });

  registerRoute(app, bulkSendsApi.upload, admission, async (request, reply) => {
    const file = request.body;
    if (!Buffer.isBuffer(file) || file.length === 0) {
      throw new AppError('INVALID_INPUT', 'Send the spreadsheet (CSV or .xlsx) as the request body');
    }
    const ctx = contextOf(request);
    const id = await uploadBulkSend(ctx, request.params.id, file, request.query);
    return reply.status(201).send(await getBulkSend(ctx, id));
  });

  registerRoute(app, bulkSendsApi.sample, {}, async (request, reply) => {
    const file = await bulkSampleFile(contextOf(request), request.params.id);
    return sendFile(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
  });

  registerRoute(
    app,
    bulkSendsApi.create,
    { bodyLimit: jsonBatchBytes, config: { maxBodyValues: jsonBatchValues } },
    async (request, reply) => {
      const ctx = contextOf(request);
      const id = await createBulkSend(ctx, request.body);
      return reply.status(201).send(await getBulkSend(ctx, id));
    },
  );

  registerRoute(app, bulkSendsApi.list, {}, async (request) =>
    listBulkSends(contextOf(request), request.query),
  );
  registerRoute(app, bulkSendsApi.get, {}, async (request) =>
    getBulkSend(contextOf(request), request.params.id),
  );
  registerRoute(app, bulkSendsApi.rows, {}, async (request) =>
    listBulkRows(contextOf(request), request.params.id, request.query),
  );
  registerRoute(app, bulkSendsApi.setMapping, {}, async (request) =>
    setBulkMapping(contextOf(request), request.params.id, request.body.mapping),
  );
  registerRoute(app, bulkSendsApi.updateRow, {}, async (request) =>
    updateBulkRow(contextOf(request), request.params.id, request.params.row, request.body.cells),
  );
  registerRoute(app, bulkSendsApi.removeRow, {}, async (request) =>
    removeBulkRow(contextOf(request), request.params.id, request.params.row),
  );
  registerRoute(app, bulkSendsApi.preview, {}, async (request, reply) => {
    const file = await previewBulkRow(contextOf(request), request.params.id, request.params.row);
    return sendFile(reply, { ...file, contentType: 'application/pdf' }, 'inline');
  });
  registerRoute(app, bulkSendsApi.problems, {}, async (request, reply) => {
    const file = await bulkProblemsFile(contextOf(request), request.params.id);
    return sendFile(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
  });
  registerRoute(app, bulkSendsApi.send, {}, async (request) =>
    sendBulkSend(contextOf(request), request.params.id),
  );
  registerRoute(app, bulkSendsApi.stop, {}, async (request) =>
    stopBulkSend(contextOf(request), request.params.id),
  );
  registerRoute(app, bulkSendsApi.retry, {}, async (request) =>
    retryBulkSend(contextOf(request), request.params.id),
  );
  registerRoute(app, bulkSendsApi.discard, {}, async (request, reply) => {
    await discardBulkSend(contextOf(request), request.params.id);
    return reply.status(204).send();
  });
};
