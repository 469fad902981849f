import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { docxMediaType, maxDocxBytes } from '../../shared/docx-file';
import { AppError } from '../../shared/errors';
import { docxApi } from '../../shared/routes/docx';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { registerFileBody } from '../plugins/file-body';
import { uploadAdmission } from '../plugins/upload-admission';
import { exportDocx } from '../services/documents/export-docx';
import { convertDocx, importDocxContract } from '../services/documents/import-docx';
import { registerRoute } from './register-route';
import { sendFile } from './send-file';

/** Imports read at once by this process, and by one person: each holds up to 20 MB until read. */
const maxConcurrentImports = 6;
const maxConcurrentPerUser = 2;

/** .docx in (a new draft or template, or a document for the editor) and out (any contract). */
export const docxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerFileBody(app, docxMediaType, maxDocxBytes);
  // Anonymous callers, anything but a .docx and more imports than allowed are refused before a
  // byte of the body is read.
  const admission = uploadAdmission({
    mediaType: docxMediaType,
    wrongType: 'Send the Word document (.docx) as the request body',
    busy: 'Several documents are being imported right now. Try again in a few seconds.',
    caps: { total: maxConcurrentImports, perUser: maxConcurrentPerUser },
  });
  const fileOf = (body: unknown): Buffer => {
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new AppError('INVALID_INPUT', 'Send the Word document (.docx) as the request body');
    }
    return body;
  };

  registerRoute(app, docxApi.convert, admission, async (request) =>
    convertDocx(contextOf(request), fileOf(request.body), request.query.fileName),
  );

  registerRoute(app, docxApi.importDocx, admission, async (request, reply) => {
    const { created, ...imported } = await importDocxContract(
      contextOf(request),
      fileOf(request.body),
      request.query,
    );
    return reply.status(created ? 201 : 200).send(imported);
  });

  registerRoute(app, docxApi.download, {}, async (request, reply) => {
    const file = await exportDocx(contextOf(request), request.params.id);
    return sendFile(reply, { ...file, contentType: docxMediaType });
  });
};
