import { z } from 'zod';
import { idParamsSchema, idSchema, noContentSchema } from '../api/common';
import {
  contractPageSchema,
  contractSchema,
  createContractBodySchema,
  listContractsQuerySchema,
  sendContractBodySchema,
  updateContractBodySchema,
} from '../api/contracts';
import { chainVerificationSchema, historyListSchema } from '../api/history';
import { cancelContractBodySchema, contractSigningSchema } from '../api/signing';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Contracts'];

export const contractsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/contracts',
    tags,
    summary: 'List contracts (or templates), newest updated first',
    query: listContractsQuerySchema,
    response: { 200: contractPageSchema, ...resourceErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/contracts',
    tags,
    summary: 'Create a draft; repeating a create with the same id returns the same contract',
    body: createContractBodySchema,
    response: { 200: contractSchema, 201: contractSchema, ...resourceErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/contracts/:id',
    tags,
    summary: 'Read a contract or template',
    params: idParamsSchema,
    response: { 200: contractSchema, ...resourceErrors },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/contracts/:id',
    tags,
    summary: 'Merge fields into a draft',
    params: idParamsSchema,
    body: updateContractBodySchema,
    response: { 200: contractSchema, ...resourceErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/contracts/:id',
    tags,
    summary: 'Delete a draft or template (a sent contract is canceled instead)',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...resourceErrors },
  }),
  send: defineRoute({
    method: 'POST',
    path: '/contracts/:id/send',
    tags,
    summary: 'Send a draft for signing: freezes it to a PDF and invites the signers',
    params: idParamsSchema,
    // Without a body it sends to everyone at once.
    body: sendContractBodySchema.nullish(),
    response: { 200: contractSchema, ...resourceErrors },
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/contracts/:id/cancel',
    tags,
    summary: 'Cancel (void) a sent contract; its signers are told',
    params: idParamsSchema,
    body: cancelContractBodySchema,
    response: { 200: contractSchema, ...resourceErrors },
  }),
  signing: defineRoute({
    method: 'GET',
    path: '/contracts/:id/signing',
    tags,
    summary: "A sent contract's documents, seal state, signer timeline and mail",
    params: idParamsSchema,
    response: { 200: contractSigningSchema, ...resourceErrors },
  }),
  remindSigner: defineRoute({
    method: 'POST',
    path: '/contracts/:id/signers/:signerId/remind',
    tags,
    summary: 'E-mail a signer who has not signed a reminder with a fresh link',
    params: idParamsSchema.extend({ signerId: idSchema }),
    response: { 204: noContentSchema, ...resourceErrors },
  }),
  sendSignedCopy: defineRoute({
    method: 'POST',
    path: '/contracts/:id/signers/:signerId/signed-copy',
    tags,
    summary:
      'E-mail a signer of a sealed contract its sealed PDF again (attached, or a fresh link to their signing page when too large to attach); when they were locked out by wrong codes, their tries start over and their earlier links stop working',
    params: idParamsSchema.extend({ signerId: idSchema }),
    response: { 204: noContentSchema, ...resourceErrors },
  }),
  resendMail: defineRoute({
    method: 'POST',
    path: '/contracts/:id/mail/:messageId/resend',
    tags,
    summary: 'Queue a message that could not be delivered again',
    params: idParamsSchema.extend({ messageId: idSchema }),
    response: { 204: noContentSchema, ...resourceErrors },
  }),
  document: defineRoute({
    method: 'GET',
    path: '/contracts/:id/documents/:kind',
    tags,
    summary: 'Download the frozen PDF (as sent) or the sealed final PDF',
    params: idParamsSchema.extend({ kind: z.enum(['frozen', 'final']) }),
    response: { ...resourceErrors },
  }),
  duplicate: defineRoute({
    method: 'POST',
    path: '/contracts/:id/duplicate',
    tags,
    summary: 'Copy a contract (any status) into a new draft with the same content, project and signers',
    params: idParamsSchema,
    body: z.object({ id: z.uuid().optional() }).default({}),
    response: { 200: contractSchema, 201: contractSchema, ...resourceErrors },
  }),
  saveAsTemplate: defineRoute({
    method: 'POST',
    path: '/contracts/:id/template',
    tags: ['Templates'],
    summary: 'Save a copy of a contract as a template',
    params: idParamsSchema,
    body: z.object({ id: z.uuid().optional() }).default({}),
    response: { 200: contractSchema, 201: contractSchema, ...resourceErrors },
  }),
  history: defineRoute({
    method: 'GET',
    path: '/contracts/:id/history',
    tags,
    summary: "A contract's history, oldest first",
    params: idParamsSchema,
    response: { 200: historyListSchema, ...resourceErrors },
  }),
  verifyHistory: defineRoute({
    method: 'GET',
    path: '/contracts/:id/history/verification',
    tags,
    summary: "Check that a contract's history hash chain is intact",
    params: idParamsSchema,
    response: { 200: chainVerificationSchema, ...resourceErrors },
  }),
};
