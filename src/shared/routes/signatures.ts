import {
  listSignatureRequestsQuerySchema,
  savedSignatureSchema,
  saveSignatureBodySchema,
  signatureRequestPageSchema,
} from '../api/signatures';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Signatures'];

export const signaturesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/signatures',
    tags,
    summary: 'Signature requests across the organization, newest sent first',
    query: listSignatureRequestsQuerySchema,
    response: { 200: signatureRequestPageSchema, ...resourceErrors },
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/profile/signature',
    tags,
    summary: 'Your saved signature',
    response: { 200: savedSignatureSchema, ...resourceErrors },
  }),
  putMine: defineRoute({
    method: 'PUT',
    path: '/profile/signature',
    tags,
    summary: 'Save your signature (a PNG, drawn or typed), offered when you sign',
    body: saveSignatureBodySchema,
    response: { 200: savedSignatureSchema, ...resourceErrors },
  }),
  removeMine: defineRoute({
    method: 'DELETE',
    path: '/profile/signature',
    tags,
    summary: 'Forget your saved signature',
    response: { 200: savedSignatureSchema, ...resourceErrors },
  }),
};
