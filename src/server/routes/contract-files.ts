import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pdfFileLimits, pdfMediaType } from '../../shared/pdf-file';
import { contractFilesApi } from '../../shared/routes/contract-files';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { receivedFileOf, registerReceivedFile } from '../plugins/received-file';
import { uploadAdmission } from '../plugins/upload-admission';
import { addPdf } from '../services/contract-files/add-pdf';
import { createFromPdf } from '../services/contract-files/create-from-pdf';
import { orderDocuments } from '../services/contract-files/order-documents';
import { readPdf } from '../services/contract-files/read-pdf';
import { removePdf } from '../services/contract-files/remove-pdf';
import { saveFields } from '../services/contract-files/save-fields';
import { tooLargeUpload } from '../uploads/inspect-pdf';
import { registerRoute } from './register-route';
import { sendStoredFile } from './send-file';

/**
 * Uploads received at once by this process, by one organization and by one person. Each is a
 * file being written (not memory), so the process takes many; an organization takes a few, so
 * one that holds its uploads open never keeps another's out.
 */
const maxConcurrentUploads = 32;
const maxConcurrentPerOrganization = 6;
const maxConcurrentPerUser = 3;
const missingFile = 'Send the PDF file as the request body (application/pdf)';

/** A contract's PDFs: uploaded (a new draft, or added to one), downloaded, removed and ordered. */
export const contractFileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { files }) => {
  registerReceivedFile(app, {
    contentType: pdfMediaType,
    maxBytes: pdfFileLimits.bytes,
    dir: files.receivedDir,
    tooLarge: tooLargeUpload,
  });
  // Anonymous callers, anything but a PDF and more uploads than allowed are refused before a byte
  // of the body is read.
  const uploadHooks = uploadAdmission({
    mediaType: pdfMediaType,
    wrongType: missingFile,
    busy: 'Several files are being uploaded right now. Try again in a few seconds.',
    caps: {
      total: maxConcurrentUploads,
      perOrganization: maxConcurrentPerOrganization,
      perUser: maxConcurrentPerUser,
    },
  });

  registerRoute(app, contractFilesApi.createFromPdf, uploadHooks, async (request, reply) => {
    const contract = await createFromPdf(
      contextOf(request),
      receivedFileOf(request.body, missingFile),
      request.query,
    );
    return reply.status(201).send(contract);
  });

  registerRoute(app, contractFilesApi.upload, uploadHooks, async (request, reply) => {
    const uploaded = await addPdf(
      contextOf(request),
      request.params.id,
      receivedFileOf(request.body, missingFile),
      request.query,
    );
    return reply.status(201).send(uploaded);
  });

  registerRoute(app, contractFilesApi.download, {}, async (request, reply) => {
    const file = await readPdf(contextOf(request), request.params.id, request.params.fileId);
    return sendStoredFile(request, reply, { ...file, contentType: pdfMediaType });
  });

  registerRoute(app, contractFilesApi.remove, {}, async (request) =>
    removePdf(contextOf(request), request.params.id, request.params.fileId, request.query.baseRevision),
  );

  registerRoute(app, contractFilesApi.saveFields, {}, async (request) =>
    saveFields(contextOf(request), request.params.id, request.body),
  );

  registerRoute(app, contractFilesApi.order, {}, async (request) =>
    orderDocuments(contextOf(request), request.params.id, request.body),
  );
};
