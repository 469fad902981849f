import { z } from 'zod';
import { idParamsSchema, idSchema, noContentSchema } from '../api/common';
import {
  contractArchiveBodySchema,
  contractPageSchema,
  contractSchema,
  copiedSigningLinkSchema,
  correctSignerBodySchema,
  createContractBodySchema,
  listContractsQuerySchema,
  removeSignerBodySchema,
  sendContractBodySchema,
  signerInputSchema,
  updateContractBodySchema,
} from '../api/contracts';
import { errorBodySchema } from '../api/error-body';
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
  copySigningLink: defineRoute({
    method: 'POST',
    path: '/contracts/:id/signers/:signerId/link',
    tags,
    summary: 'A fresh signing link for a pending recipient, for the sender to hand over themselves',
    description:
      "Only while the contract is sent, for a recipient with a link (not a CC) who has not acted and has an address. The link is the recipient's own, like the one their invitation carries: before their turn it opens on the page that says whose turn it is and can sign, approve or fill nothing; a correction or a hand-over retires it. Nothing is mailed. At most 20 a contract an hour (429 past that); recorded in the history as signer.link_copied.",
    params: idParamsSchema.extend({ signerId: idSchema }),
    response: { 200: copiedSigningLinkSchema, ...resourceErrors, 429: errorBodySchema },
  }),
  correctSigner: defineRoute({
    method: 'PATCH',
    path: '/contracts/:id/signers/:signerId',
    tags,
    summary: "Correct a pending recipient's name or e-mail address while the contract is out",
    description:
      "Only while the contract is sent and before that recipient acted (signed, approved, declined, viewed as a viewer, handed on). Every link they were sent stops working at once, their wrong-code count starts over, and when they had been invited they are invited again at the corrected address. Counted against the organization's signing mail; recorded in the history as signer.corrected.",
    params: idParamsSchema.extend({ signerId: idSchema }),
    body: correctSignerBodySchema,
    response: { 200: contractSchema, ...resourceErrors, 429: errorBodySchema },
  }),
  addSigner: defineRoute({
    method: 'POST',
    path: '/contracts/:id/signers',
    tags,
    summary: 'Add a recipient to a group of a sent contract that is not reached yet',
    description:
      "The contract must be sent in order, and the recipient's group (signingOrder; a witness's is their signer's) come after the group whose turn it is. They take the next number; the frozen document is unchanged. They are invited when their group is reached. Counted against the organization's signing mail; recorded as signer.added.",
    params: idParamsSchema,
    body: signerInputSchema,
    response: { 200: contractSchema, ...resourceErrors, 429: errorBodySchema },
  }),
  removeSigner: defineRoute({
    method: 'DELETE',
    path: '/contracts/:id/signers/:signerId',
    tags,
    summary: 'Remove a recipient who has not acted from a sent contract',
    description:
      'Refused once they acted, for the last signer, for a signer whose witness is still on the contract, and for one who still has to name a later recipient. Their fields (by number) go to `reassignFieldsTo`, a recipient who may fill fields and has not acted; without it, removing someone with fields is refused, saying how many. Their links stop working; when they were the last the group waited for, the route moves on. Recorded as signer.removed.',
    params: idParamsSchema.extend({ signerId: idSchema }),
    body: removeSignerBodySchema.nullish(),
    response: { 200: contractSchema, ...resourceErrors },
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
  archive: defineRoute({
    method: 'POST',
    path: '/contracts/archive',
    tags,
    summary: 'Download the signed PDFs of several contracts as one ZIP',
    description:
      'Answers a ZIP (streamed as it is written, entries stored uncompressed) holding the sealed final PDF of each completed contract named, as `GET /contracts/{id}/documents/final` gives it, named after its title (" (signed).pdf", numbered when titles repeat; UTF-8 names). Contracts without a sealed PDF yet are listed in "Not included.txt" inside. Any id that is not one of the organization\'s contracts answers 404, and a selection none of whose contracts is sealed 409. Only reads: a read-only API token may call it. One archive at a time per person: a second answers 429 until the first is downloaded.',
    body: contractArchiveBodySchema,
    response: { ...resourceErrors, 429: errorBodySchema },
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
