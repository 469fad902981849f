import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContentSchema } from '../../shared/api/common';
import { errorBodySchema } from '../../shared/api/error-body';
import { sealingCertificateSchema, uploadSealingCertificateBodySchema } from '../../shared/api/settings';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import {
  getSealingCertificate,
  removeSealingCertificate,
  setSealingCertificate,
} from '../services/settings/sealing-certificate';
import { resourceErrors } from './error-responses';

const errors = { ...resourceErrors, 403: errorBodySchema };

export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, config, instanceCertificate },
) => {
  const tags = ['Settings'];

  app.get(
    '/settings/sealing-certificate',
    {
      schema: {
        tags,
        summary: 'The certificate signed contracts are sealed with',
        response: { 200: sealingCertificateSchema, ...errors },
      },
    },
    async (request) =>
      getSealingCertificate(db, actorOf(request), {
        secret: config.sessionSecret,
        instance: instanceCertificate,
      }),
  );

  app.put(
    '/settings/sealing-certificate',
    {
      bodyLimit: 600_000,
      schema: {
        tags,
        summary:
          "Upload the organization's own sealing certificate (PKCS#12, base64, with its password; admins)",
        body: uploadSealingCertificateBodySchema,
        response: { 200: sealingCertificateSchema, ...errors },
      },
    },
    async (request) =>
      setSealingCertificate(db, actorOf(request), {
        secret: config.sessionSecret,
        p12: Buffer.from(request.body.p12, 'base64'),
        password: request.body.password,
      }),
  );

  app.delete(
    '/settings/sealing-certificate',
    {
      schema: {
        tags,
        summary: 'Go back to the instance certificate (admins)',
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await removeSealingCertificate(db, actorOf(request));
      return reply.status(204).send();
    },
  );
};
