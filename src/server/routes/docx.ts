import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { docxMediaType, maxDocxBytes } from '../../shared/docx-file';
import { AppError } from '../../shared/errors';
import { docxApi } from '../../shared/routes/docx';
import type { AppDeps } from '../deps';
import { actorOf, contextOf } from '../plugins/authentication';
import { registerFileBody } from '../plugins/file-body';
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
  const inFlight = new Map<string, string>();
  const release = async (request: { id: string }) => {
    inFlight.delete(request.id);
  };
  /**
   * Runs when the request arrives: an anonymous caller, anything but a .docx and more uploads
   * than allowed are refused before a byte of the body is read.
   */
  const admitUpload = async (request: FastifyRequest) => {
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (type !== docxMediaType) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the Word document (.docx) as the request body');
    }
    const user = actorOf(request).userId;
    const fromUser = [...inFlight.values()].filter((owner) => owner === user).length;
    if (inFlight.size >= maxConcurrentImports || fromUser >= maxConcurrentPerUser) {
      throw new AppError(
        'RATE_LIMITED',
        'Several documents are being imported right now. Try again in a few seconds.',
        undefined,
        5,
      );
    }
    inFlight.set(request.id, user);
  };
  const fileOf = (body: unknown): Buffer => {
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new AppError('INVALID_INPUT', 'Send the Word document (.docx) as the request body');
    }
    return body;
  };

  registerRoute(
    app,
    docxApi.convert,
    {
      onRequest: admitUpload,
      onResponse: release,
      onRequestAbort: release,
    },
    async (request) => convertDocx(fileOf(request.body), request.query.fileName),
  );

  registerRoute(
    app,
    docxApi.importDocx,
    {
      onRequest: admitUpload,
      onResponse: release,
      onRequestAbort: release,
    },
    async (request, reply) => {
      const { created, ...imported } = await importDocxContract(
        contextOf(request),
        fileOf(request.body),
        request.query,
      );
      return reply.status(created ? 201 : 200).send(imported);
    },
  );

  registerRoute(app, docxApi.download, {}, async (request, reply) => {
    const file = await exportDocx(contextOf(request), request.params.id);
    return sendFile(reply, { ...file, contentType: docxMediaType });
  });
};
