import { idParamsSchema } from '../api/common';
import {
  convertDocxQuerySchema,
  convertedDocxSchema,
  importDocxQuerySchema,
  importedDocxSchema,
} from '../api/docx';
import { errorBodySchema } from '../api/error-body';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const uploadErrors = { ...resourceErrors, 413: errorBodySchema, 415: errorBodySchema, 429: errorBodySchema };

export const docxApi = {
  convert: defineRoute({
    method: 'POST',
    path: '/docx/convert',
    tags: ['Documents'],
    summary: 'Read a .docx (sent as its media type) into an editor document, storing nothing',
    query: convertDocxQuerySchema,
    response: { 200: convertedDocxSchema, ...uploadErrors },
  }),
  importDocx: defineRoute({
    method: 'POST',
    path: '/contracts/import-docx',
    tags: ['Contracts'],
    summary: 'Start a draft contract (or a template) from a .docx; notices name what did not come in',
    query: importDocxQuerySchema,
    response: { 200: importedDocxSchema, 201: importedDocxSchema, ...uploadErrors },
  }),
  download: defineRoute({
    method: 'GET',
    path: '/contracts/:id/docx',
    tags: ['Contracts'],
    summary: 'Download a contract or template as a .docx',
    params: idParamsSchema,
    response: { ...resourceErrors },
  }),
};
