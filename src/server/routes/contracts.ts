import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractLimits } from '../../shared/limits';
import { contractsApi } from '../../shared/routes/contracts';
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
import { registerRoute } from './register-route';
import { sendPdf } from './send-pdf';

export const contractRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, pdf }) => {
  registerRoute(app, contractsApi.list, {}, async (request) =>
    listContracts(db, actorOf(request), request.query),
  );

  registerRoute(
    app,
    contractsApi.create,
    {
      bodyLimit: contractLimits.bodyBytes,
      config: { maxBodyValues: contractLimits.bodyValues },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id, created } = await createContract(db, actor, request.body);
      return reply.status(created ? 201 : 200).send(await getContract(db, actor, id));
    },
  );

  registerRoute(app, contractsApi.get, {}, async (request) =>
    getContract(db, actorOf(request), request.params.id),
  );

  registerRoute(
    app,
    contractsApi.update,
    {
      bodyLimit: contractLimits.bodyBytes,
      config: { maxBodyValues: contractLimits.bodyValues },
    },
    async (request) => {
      const actor = actorOf(request);
      await updateContract(db, actor, request.params.id, request.body);
      return getContract(db, actor, request.params.id);
    },
  );

  registerRoute(app, contractsApi.remove, {}, async (request, reply) => {
    await deleteContract(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  registerRoute(app, contractsApi.send, {}, async (request) => {
    const actor = actorOf(request);
    await sendContract(db, actor, request.params.id, request.body ?? { sequential: false }, pdf);
    return getContract(db, actor, request.params.id);
  });

  registerRoute(app, contractsApi.cancel, {}, async (request) => {
    const actor = actorOf(request);
    await cancelContract(db, actor, request.params.id, request.body.reason);
    return getContract(db, actor, request.params.id);
  });

  registerRoute(app, contractsApi.signing, {}, async (request) =>
    getContractSigning(db, actorOf(request), request.params.id),
  );

  registerRoute(app, contractsApi.remindSigner, {}, async (request, reply) => {
    await remindSigner(db, actorOf(request), request.params.id, request.params.signerId);
    return reply.status(204).send();
  });

  registerRoute(app, contractsApi.resendMail, {}, async (request, reply) => {
    await resendMail(db, actorOf(request), request.params.id, request.params.messageId);
    return reply.status(204).send();
  });

  registerRoute(app, contractsApi.document, {}, async (request, reply) => {
    await findOwnContract(db, actorOf(request), request.params.id, { kind: 'contract' });
    return sendPdf(reply, await readDocument(db, request.params.id, request.params.kind));
  });

  registerRoute(app, contractsApi.duplicate, {}, async (request, reply) => {
    const actor = actorOf(request);
    const { id, created } = await duplicateContract(db, actor, request.params.id, request.body);
    return reply.status(created ? 201 : 200).send(await getContract(db, actor, id));
  });

  registerRoute(app, contractsApi.saveAsTemplate, {}, async (request, reply) => {
    const actor = actorOf(request);
    const { id, created } = await saveAsTemplate(db, actor, request.params.id, request.body);
    return reply.status(created ? 201 : 200).send(await getContract(db, actor, id));
  });

  registerRoute(app, contractsApi.history, {}, async (request) => ({
    items: await listHistory(db, actorOf(request), request.params.id),
  }));

  registerRoute(app, contractsApi.verifyHistory, {}, async (request) =>
    verifyHistory(db, actorOf(request), request.params.id),
  );
};
