import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, idSchema, noContentSchema } from '../../shared/api/common';
import {
  contractPageSchema,
  contractSchema,
  createContractBodySchema,
  listContractsQuerySchema,
  sendContractBodySchema,
  updateContractBodySchema,
} from '../../shared/api/contracts';
import { chainVerificationSchema, historyListSchema } from '../../shared/api/history';
import { cancelContractBodySchema, contractSigningSchema } from '../../shared/api/signing';
import { contractLimits } from '../../shared/limits';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { findOwnContract } from '../policies/scope';
import { cancelContract } from '../services/contracts/cancel-contract';
import { createContract } from '../services/contracts/create-contract';
import { deleteContract } from '../services/contracts/delete-contract';
import { duplicateContract } from '../services/contracts/duplicate-contract';
import { getContract } from '../services/contracts/get-contract';
import { listContracts } from '../services/contracts/list-contracts';
import { remindSigner } from '../services/contracts/remind-signer';
import { resendMail } from '../services/contracts/resend-mail';
import { sendContract } from '../services/contracts/send-contract';
import { updateContract } from '../services/contracts/update-contract';
import { getContractSigning } from '../services/documents/get-contract-signing';
import { readDocument } from '../services/documents/read-document';
import { listHistory, verifyHistory } from '../services/history/list-history';
import { saveAsTemplate } from '../services/templates/save-as-template';
import { resourceErrors } from './error-responses';
import { sendPdf } from './send-pdf';

export const contractRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, pdf }) => {
  const tags = ['Contracts'];

  app.get(
    '/contracts',
    {
      schema: {
        tags,
        summary: 'List contracts (or templates), newest updated first',
        querystring: listContractsQuerySchema,
        response: { 200: contractPageSchema, ...resourceErrors },
      },
    },
    async (request) => listContracts(db, actorOf(request), request.query),
  );

  app.post(
    '/contracts',
    {
      bodyLimit: contractLimits.bodyBytes,
      config: { maxBodyValues: contractLimits.bodyValues },
      schema: {
        tags,
        summary: 'Create a draft; repeating a create with the same id returns the same contract',
        body: createContractBodySchema,
        response: { 200: contractSchema, 201: contractSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id, created } = await createContract(db, actor, request.body);
      return reply.status(created ? 201 : 200).send(await getContract(db, actor, id));
    },
  );

  app.get(
    '/contracts/:id',
    {
      schema: {
        tags,
        summary: 'Read a contract or template',
        params: idParamsSchema,
        response: { 200: contractSchema, ...resourceErrors },
      },
    },
    async (request) => getContract(db, actorOf(request), request.params.id),
  );

  app.patch(
    '/contracts/:id',
    {
      bodyLimit: contractLimits.bodyBytes,
      config: { maxBodyValues: contractLimits.bodyValues },
      schema: {
        tags,
        summary: 'Merge fields into a draft',
        params: idParamsSchema,
        body: updateContractBodySchema,
        response: { 200: contractSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await updateContract(db, actor, request.params.id, request.body);
      return getContract(db, actor, request.params.id);
    },
  );

  app.delete(
    '/contracts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a draft or template (a sent contract is canceled instead)',
        params: idParamsSchema,
        response: { 204: noContentSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      await deleteContract(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/contracts/:id/send',
    {
      schema: {
        tags,
        summary: 'Send a draft for signing: freezes it to a PDF and invites the signers',
        params: idParamsSchema,
        // Without a body it sends to everyone at once.
        body: sendContractBodySchema.nullish(),
        response: { 200: contractSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await sendContract(db, actor, request.params.id, request.body ?? { sequential: false }, pdf);
      return getContract(db, actor, request.params.id);
    },
  );

  app.post(
    '/contracts/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel (void) a sent contract; its signers are told',
        params: idParamsSchema,
        body: cancelContractBodySchema,
        response: { 200: contractSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await cancelContract(db, actor, request.params.id, request.body.reason);
      return getContract(db, actor, request.params.id);
    },
  );

  app.get(
    '/contracts/:id/signing',
    {
      schema: {
        tags,
        summary: "A sent contract's documents, seal state, signer timeline and mail",
        params: idParamsSchema,
        response: { 200: contractSigningSchema, ...resourceErrors },
      },
    },
    async (request) => getContractSigning(db, actorOf(request), request.params.id),
  );

  app.post(
    '/contracts/:id/signers/:signerId/remind',
    {
      schema: {
        tags,
        summary: 'E-mail a signer who has not signed a reminder with a fresh link',
        params: idParamsSchema.extend({ signerId: idSchema }),
        response: { 204: noContentSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      await remindSigner(db, actorOf(request), request.params.id, request.params.signerId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/contracts/:id/mail/:messageId/resend',
    {
      schema: {
        tags,
        summary: 'Queue a message that could not be delivered again',
        params: idParamsSchema.extend({ messageId: idSchema }),
        response: { 204: noContentSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      await resendMail(db, actorOf(request), request.params.id, request.params.messageId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/contracts/:id/documents/:kind',
    {
      schema: {
        tags,
        summary: 'Download the frozen PDF (as sent) or the sealed final PDF',
        params: idParamsSchema.extend({ kind: z.enum(['frozen', 'final']) }),
        response: { ...resourceErrors },
      },
    },
    async (request, reply) => {
      await findOwnContract(db, actorOf(request), request.params.id, { kind: 'contract' });
      return sendPdf(reply, await readDocument(db, request.params.id, request.params.kind));
    },
  );

  app.post(
    '/contracts/:id/duplicate',
    {
      schema: {
        tags,
        summary: 'Copy a contract (any status) into a new draft with the same content, project and signers',
        params: idParamsSchema,
        body: z.object({ id: z.uuid().optional() }).default({}),
        response: { 200: contractSchema, 201: contractSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id, created } = await duplicateContract(db, actor, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(await getContract(db, actor, id));
    },
  );

  app.post(
    '/contracts/:id/template',
    {
      schema: {
        tags: ['Templates'],
        summary: 'Save a copy of a contract as a template',
        params: idParamsSchema,
        body: z.object({ id: z.uuid().optional() }).default({}),
        response: { 200: contractSchema, 201: contractSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id, created } = await saveAsTemplate(db, actor, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(await getContract(db, actor, id));
    },
  );

  app.get(
    '/contracts/:id/history',
    {
      schema: {
        tags,
        summary: "A contract's history, oldest first",
        params: idParamsSchema,
        response: { 200: historyListSchema, ...resourceErrors },
      },
    },
    async (request) => ({ items: await listHistory(db, actorOf(request), request.params.id) }),
  );

  app.get(
    '/contracts/:id/history/verification',
    {
      schema: {
        tags,
        summary: "Check that a contract's history hash chain is intact",
        params: idParamsSchema,
        response: { 200: chainVerificationSchema, ...resourceErrors },
      },
    },
    async (request) => verifyHistory(db, actorOf(request), request.params.id),
  );
};
