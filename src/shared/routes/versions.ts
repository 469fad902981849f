import { idParamsSchema } from '../api/common';
import { contractSchema } from '../api/contracts';
import {
  compareQuerySchema,
  redlineSchema,
  restoreVersionBodySchema,
  versionListSchema,
  versionParamsSchema,
  versionSchema,
} from '../api/versions';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Versions'];

export const versionsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/contracts/:id/versions',
    tags,
    summary: "A contract's versions, newest first",
    params: idParamsSchema,
    response: { 200: versionListSchema, ...resourceErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/contracts/:id/versions/:number',
    tags,
    summary: 'One version, with its content (read-only)',
    params: versionParamsSchema,
    response: { 200: versionSchema, ...resourceErrors },
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/contracts/:id/versions/:number/restore',
    tags,
    summary: "Bring an older version back into the draft, as a new version (the draft's later versions stay)",
    params: versionParamsSchema,
    body: restoreVersionBodySchema,
    response: { 200: contractSchema, ...resourceErrors },
  }),
  compare: defineRoute({
    method: 'GET',
    path: '/contracts/:id/compare',
    tags,
    summary: 'Two versions compared as a redline, word by word',
    params: idParamsSchema,
    query: compareQuerySchema,
    response: { 200: redlineSchema, ...resourceErrors },
  }),
  comparePdf: defineRoute({
    method: 'GET',
    path: '/contracts/:id/compare.pdf',
    tags,
    summary:
      'Two versions compared, as a PDF: the redline under a header naming both versions and their hashes',
    params: idParamsSchema,
    query: compareQuerySchema,
    response: { ...resourceErrors },
  }),
  compareDocx: defineRoute({
    method: 'GET',
    path: '/contracts/:id/compare.docx',
    tags,
    summary:
      "Two versions compared, as a .docx whose insertions and deletions are Word's tracked changes (by the later version's author)",
    params: idParamsSchema,
    query: compareQuerySchema,
    response: { ...resourceErrors },
  }),
};
