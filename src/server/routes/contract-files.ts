import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pdfFileLimits, pdfMediaType, tooLargeUpload } from '../../shared/pdf-file';
import { contractFilesApi } from '../../shared/routes/contract-files';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { receivedFileOf, registerReceivedFile } from '../plugins/received-file';
import { uploadAdmission } from '../plugins/upload-admission';
import { addPdf } from '../services/contract-files/add-pdf';
import { chargeUpload, checkDeclaredUpload } from '../services/contract-files/charge-upload';
import { createFromPdf } from '../services/contract-files/create-from-pdf';
import { orderDocuments } from '../services/contract-files/order-documents';
import { readPdf } from '../services/contract-files/read-pdf';
import { removePdf } from '../services/contract-files/remove-pdf';
import { saveFields } from '../services/contract-files/save-fields';
import { defaultUploadPolicy } from '../uploads/upload-policy';
import { registerRoute } from './register-route';
import { sendStoredFile } from './send-file';

/**
 * Uploads received at once by this process, by one organization and by one person. Each is a
 * file being written (not memory), so the process takes many; an organization takes a few, and
 * one with no upload in flight always finds a place (one of the reserved ones when the shared
 * places are held), so organizations that hold their uploads open never keep another's out.
 */
const maxConcurrentUploads = 32;
const reservedForIdleOrganizations = 32;
const maxConcurrentPerOrganization = 6;
const maxConcurrentPerUser = 3;
const missingFile = 'Send the PDF file as the request body (application/pdf)';

/** A contract's PDFs: uploaded (a new draft, or added to one), downloaded, removed and ordered. */
export const contractFileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { files, uploadPolicy }) => {
  const policy = { ...defaultUploadPolicy, ...uploadPolicy };
  registerReceivedFile(app, {
    contentType: pdfMediaType,
    maxBytes: pdfFileLimits.bytes,
    dir: files.receivedDir,
    tooLarge: tooLargeUpload,
    minimumRate: { bytesPerSecond: policy.minBytesPerSecond, graceMs: policy.graceMs },
    tooSlow: `The upload arrived too slowly (under ${Math.round(policy.minBytesPerSecond / 1024)} KB a second) and was stopped. Check your connection, then upload the file again.`,
  });
  // Anonymous callers, anything but a PDF, more uploads than allowed and a declared length past
  // the organization's storage quota or hourly budget are refused before a byte of the body is read.
  const admission = uploadAdmission({
    mediaType: pdfMediaType,
    wrongType: missingFile,
    busy: 'Several files are being uploaded right now. Try again in a few seconds.',
    caps: {
      total: maxConcurrentUploads,
      perOrganization: maxConcurrentPerOrganization,
      reservedForIdleOrganizations,
      perUser: maxConcurrentPerUser,
    },
  });
  const uploadHooks = {
    ...admission,
    onRequest: [
      admission.onRequest,
      async (request: FastifyRequest) => {
        const declared = Number(request.headers['content-length']);
        if (Number.isInteger(declared) && declared > 0 && declared <= pdfFileLimits.bytes) {
          await checkDeclaredUpload(contextOf(request), declared, policy);
        }
      },
    ],
  };
  /** The body as a received file, charged to the organization's quota and hourly budget. */
  const chargedFileOf = async (request: FastifyRequest) => {
    const received = receivedFileOf(request.body, missingFile);
    await chargeUpload(contextOf(request), received.size, policy);
    return received;
  };

  registerRoute(app, contractFilesApi.createFromPdf, uploadHooks, async (request, reply) => {
    const contract = await createFromPdf(contextOf(request), await chargedFileOf(request), request.query);
    return reply.status(201).send(contract);
  });

  registerRoute(app, contractFilesApi.upload, uploadHooks, async (request, reply) => {
    const uploaded = await addPdf(
      contextOf(request),
      request.params.id,
      await chargedFileOf(request),
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
