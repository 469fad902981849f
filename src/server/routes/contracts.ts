import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractLimits } from '../../shared/limits';
import { pdfMediaType } from '../../shared/pdf-file';
import { contractsApi } from '../../shared/routes/contracts';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { ArchivePlaces } from '../services/archives/archive-places';
import { writeSealedArchive } from '../services/archives/write-sealed-archive';
import { checkSendStorage } from '../services/contract-files/charge-upload';
import { addSigner } from '../services/contracts/add-signer';
import { cancelContract } from '../services/contracts/cancel-contract';
import { copySigningLink } from '../services/contracts/copy-signing-link';
import { correctSigner } from '../services/contracts/correct-signer';
import { createContract } from '../services/contracts/create-contract';
import { deleteContract } from '../services/contracts/delete-contract';
import { duplicateContract } from '../services/contracts/duplicate-contract';
import { getContract } from '../services/contracts/get-contract';
import { listContracts } from '../services/contracts/list-contracts';
import { remindSigner } from '../services/contracts/remind-signer';
import { removeSigner } from '../services/contracts/remove-signer';
import { resendMail } from '../services/contracts/resend-mail';
import { sendContract } from '../services/contracts/send-contract';
import { sendSignedCopy } from '../services/contracts/send-signed-copy';
import { updateContract } from '../services/contracts/update-contract';
import { getContractSigning } from '../services/documents/get-contract-signing';
import { readContractDocument } from '../services/documents/read-document';
import { listHistory, verifyHistory } from '../services/history/list-history';
import { saveAsTemplate } from '../services/templates/save-as-template';
import { defaultUploadPolicy } from '../uploads/upload-policy';
import { registerRoute } from './register-route';
import { sendStoredFile, sendStream } from './send-file';

export const contractRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const uploadPolicy = { ...defaultUploadPolicy, ...deps.uploadPolicy };
  registerRoute(app, contractsApi.list, {}, async (request) =>
    listContracts(contextOf(request), request.query),
  );

  registerRoute(
    app,
    contractsApi.create,
    {
      bodyLimit: contractLimits.bodyBytes,
      config: { maxBodyValues: contractLimits.bodyValues },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const { id, created } = await createContract(ctx, request.body);
      return reply.status(created ? 201 : 200).send(await getContract(ctx, id));
    },
  );

  registerRoute(app, contractsApi.get, {}, async (request) =>
    getContract(contextOf(request), request.params.id),
  );

  registerRoute(
    app,
    contractsApi.update,
    {
      bodyLimit: contractLimits.bodyBytes,
      config: { maxBodyValues: contractLimits.bodyValues },
    },
    async (request) => {
      const ctx = contextOf(request);
      await updateContract(ctx, request.params.id, request.body);
      return getContract(ctx, request.params.id);
    },
  );

  registerRoute(app, contractsApi.remove, {}, async (request, reply) => {
    await deleteContract(contextOf(request), request.params.id);
    return reply.status(204).send();
  });

  registerRoute(app, contractsApi.send, {}, async (request) => {
    const ctx = contextOf(request);
    await checkSendStorage(ctx, request.params.id, uploadPolicy);
    await sendContract(ctx, request.params.id, request.body ?? { sequential: false });
    return getContract(ctx, request.params.id);
  });

  registerRoute(app, contractsApi.cancel, {}, async (request) => {
    const ctx = contextOf(request);
    await cancelContract(ctx, request.params.id, request.body.reason);
    return getContract(ctx, request.params.id);
  });

  registerRoute(app, contractsApi.signing, {}, async (request) =>
    getContractSigning(contextOf(request), request.params.id),
  );

  registerRoute(app, contractsApi.remindSigner, {}, async (request, reply) => {
    await remindSigner(contextOf(request), request.params.id, request.params.signerId);
    return reply.status(204).send();
  });

  registerRoute(app, contractsApi.copySigningLink, {}, async (request) =>
    copySigningLink(contextOf(request), request.params.id, request.params.signerId),
  );

  registerRoute(app, contractsApi.correctSigner, {}, async (request) => {
    const ctx = contextOf(request);
    await correctSigner(ctx, request.params.id, request.params.signerId, request.body);
    return getContract(ctx, request.params.id);
  });

  registerRoute(app, contractsApi.addSigner, {}, async (request) => {
    const ctx = contextOf(request);
    await addSigner(ctx, request.params.id, request.body);
    return getContract(ctx, request.params.id);
  });

  registerRoute(app, contractsApi.removeSigner, {}, async (request) => {
    const ctx = contextOf(request);
    await removeSigner(ctx, request.params.id, request.params.signerId, request.body ?? {});
    return getContract(ctx, request.params.id);
  });

  registerRoute(app, contractsApi.sendSignedCopy, {}, async (request, reply) => {
    await sendSignedCopy(contextOf(request), request.params.id, request.params.signerId);
    return reply.status(204).send();
  });

  registerRoute(app, contractsApi.resendMail, {}, async (request, reply) => {
    await resendMail(contextOf(request), request.params.id, request.params.messageId);
    return reply.status(204).send();
  });

  registerRoute(app, contractsApi.document, {}, async (request, reply) => {
    const { id, kind } = request.params;
    return sendStoredFile(request, reply, {
      ...(await readContractDocument(contextOf(request), id, kind)),
      contentType: pdfMediaType,
    });
  });

  // One archive at a time per person, a few in the process: held until its answer ends.
  const archivePlaces = new ArchivePlaces();
  registerRoute(app, contractsApi.archive, { config: { readsOnly: true } }, async (request, reply) => {
    const ctx = contextOf(request);
    const release = archivePlaces.take(ctx.actor.userId);
    try {
      const archive = await writeSealedArchive(ctx, request.body.ids);
      reply.raw.once('close', release);
      return sendStream(reply, { ...archive, contentType: 'application/zip' });
    } catch (error) {
      release();
      throw error;
    }
  });

  registerRoute(app, contractsApi.duplicate, {}, async (request, reply) => {
    const ctx = contextOf(request);
    const { id, created } = await duplicateContract(ctx, request.params.id, request.body);
    return reply.status(created ? 201 : 200).send(await getContract(ctx, id));
  });

  registerRoute(app, contractsApi.saveAsTemplate, {}, async (request, reply) => {
    const ctx = contextOf(request);
    const { id, created } = await saveAsTemplate(ctx, request.params.id, request.body);
    return reply.status(created ? 201 : 200).send(await getContract(ctx, id));
  });

  registerRoute(app, contractsApi.history, {}, async (request) => ({
    items: await listHistory(contextOf(request), request.params.id),
  }));

  registerRoute(app, contractsApi.verifyHistory, {}, async (request) =>
    verifyHistory(contextOf(request), request.params.id),
  );
};
