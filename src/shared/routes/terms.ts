import { idParamsSchema, noContentSchema } from '../api/common';
import {
  bulkTermsBodySchema,
  bulkTermsResultSchema,
  contractTermsSchema,
  contractTypeBodySchema,
  termFieldBodySchema,
  termSettingsSchema,
  updateTermFieldBodySchema,
  updateTermsBodySchema,
} from '../api/terms';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Key terms'];

export const termsApi = {
  get: defineRoute({
    method: 'GET',
    path: '/contracts/:id/terms',
    tags,
    summary: "A contract's (or template's) key terms",
    params: idParamsSchema,
    response: { 200: contractTermsSchema, ...resourceErrors },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/contracts/:id/terms',
    tags,
    summary:
      'Change key terms at any status; a term left out stays, null clears it. The documents are never touched. Recorded as contract.terms_changed',
    params: idParamsSchema,
    body: updateTermsBodySchema,
    response: { 200: contractTermsSchema, ...resourceErrors },
  }),
  bulkUpdate: defineRoute({
    method: 'POST',
    path: '/contracts/terms',
    tags,
    summary: 'Set the same terms on many contracts (at most 500), add or remove tags',
    body: bulkTermsBodySchema,
    response: { 200: bulkTermsResultSchema, ...resourceErrors },
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/term-settings',
    tags,
    summary: "The organization's contract types and its own term fields",
    response: { 200: termSettingsSchema, ...resourceErrors },
  }),
  createType: defineRoute({
    method: 'POST',
    path: '/term-settings/types',
    tags,
    summary: 'Add a contract type (admins)',
    body: contractTypeBodySchema,
    response: { 201: termSettingsSchema, ...resourceErrors },
  }),
  renameType: defineRoute({
    method: 'PATCH',
    path: '/term-settings/types/:id',
    tags,
    summary: 'Rename a contract type (admins)',
    params: idParamsSchema,
    body: contractTypeBodySchema,
    response: { 200: termSettingsSchema, ...resourceErrors },
  }),
  deleteType: defineRoute({
    method: 'DELETE',
    path: '/term-settings/types/:id',
    tags,
    summary: 'Remove a contract type; its contracts keep their other terms (admins)',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...resourceErrors },
  }),
  createField: defineRoute({
    method: 'POST',
    path: '/term-settings/fields',
    tags,
    summary: 'Add a term field: text, number, date (a deadline) or choice (admins)',
    body: termFieldBodySchema,
    response: { 201: termSettingsSchema, ...resourceErrors },
  }),
  updateField: defineRoute({
    method: 'PATCH',
    path: '/term-settings/fields/:id',
    tags,
    summary: "Rename a term field or change a choice's options (admins)",
    params: idParamsSchema,
    body: updateTermFieldBodySchema,
    response: { 200: termSettingsSchema, ...resourceErrors },
  }),
  deleteField: defineRoute({
    method: 'DELETE',
    path: '/term-settings/fields/:id',
    tags,
    summary: 'Remove a term field and every value of it (admins)',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...resourceErrors },
  }),
};
