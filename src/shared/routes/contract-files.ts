import { idParamsSchema } from '../api/common';
import { savedFieldsSchema, saveFieldsBodySchema } from '../api/contract-fields';
import {
  createFromPdfQuerySchema,
  documentOrderBodySchema,
  documentsChangedSchema,
  fileParamsSchema,
  fileRemovalQuerySchema,
  uploadedFileSchema,
  uploadFileQuerySchema,
} from '../api/contract-files';
import { contractSchema } from '../api/contracts';
import { errorBodySchema } from '../api/error-body';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const uploadErrors = { ...resourceErrors, 413: errorBodySchema, 415: errorBodySchema, 429: errorBodySchema };
const tags = ['Documents'];

/** The PDFs a contract or template is made of besides its drafted text. */
export const contractFilesApi = {
  createFromPdf: defineRoute({
    method: 'POST',
    path: '/contracts/upload-pdf',
    tags: ['Contracts'],
    summary:
      'Start a draft (or a template) from a PDF, sent as application/pdf (at most 50 MB and 500 pages)',
    query: createFromPdfQuerySchema,
    response: { 201: contractSchema, ...uploadErrors },
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/contracts/:id/files',
    tags,
    summary: "Add a PDF (sent as application/pdf) to a draft's documents, or replace one of them",
    params: idParamsSchema,
    query: uploadFileQuerySchema,
    response: { 201: uploadedFileSchema, ...uploadErrors },
  }),
  download: defineRoute({
    method: 'GET',
    path: '/contracts/:id/files/:fileId',
    tags,
    summary: 'One of the contract’s PDFs, as uploaded',
    params: fileParamsSchema,
    response: { ...resourceErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/contracts/:id/files/:fileId',
    tags,
    summary: "Remove a PDF from a draft's documents",
    params: fileParamsSchema,
    query: fileRemovalQuerySchema,
    response: { 200: documentsChangedSchema, ...resourceErrors },
  }),
  saveFields: defineRoute({
    method: 'PUT',
    path: '/contracts/:id/fields',
    tags,
    summary:
      "Put the fields placed on a draft's PDFs (the whole set replaces the one stored; at most 1,000); answers them in the order sent, a new one with its id",
    params: idParamsSchema,
    body: saveFieldsBodySchema,
    response: { 200: savedFieldsSchema, ...resourceErrors },
  }),
  order: defineRoute({
    method: 'PUT',
    path: '/contracts/:id/documents/order',
    tags,
    summary: "Put a draft's documents (its PDFs and 'text', its drafted text) in the order they are signed",
    params: idParamsSchema,
    body: documentOrderBodySchema,
    response: { 200: documentsChangedSchema, ...resourceErrors },
  }),
};
