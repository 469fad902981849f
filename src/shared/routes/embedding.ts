import { z } from 'zod';
import { idSchema } from '../api/common';
import {
  embeddingSettingsSchema,
  embedSigningBodySchema,
  embedSigningUrlSchema,
  updateEmbeddingBodySchema,
} from '../api/embedding';
import { errorBodySchema } from '../api/error-body';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Embedded signing'];

export const embeddingApi = {
  signingUrl: defineRoute({
    method: 'POST',
    path: '/contracts/:id/signers/:signerId/embed',
    tags,
    summary:
      'A signing URL for an embedded recipient, to show in an iframe of your app: ten minutes to open it, one session (409 while it is not their turn, or once they acted)',
    params: z.object({ id: idSchema, signerId: idSchema }),
    body: embedSigningBodySchema,
    response: { 200: embedSigningUrlSchema, ...resourceErrors, 403: errorBodySchema },
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/settings/embedding',
    tags,
    summary: 'The web origins that may frame the signing page',
    response: { 200: embeddingSettingsSchema, ...resourceErrors },
  }),
  updateSettings: defineRoute({
    method: 'PUT',
    path: '/settings/embedding',
    tags,
    summary: 'Set the web origins that may frame the signing page (admins)',
    body: updateEmbeddingBodySchema,
    response: { 200: embeddingSettingsSchema, ...resourceErrors, 403: errorBodySchema },
  }),
};
