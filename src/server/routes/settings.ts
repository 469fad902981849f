import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsApi } from '../../shared/routes/settings';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import {
  createCustomField,
  deleteCustomField,
  updateCustomField,
} from '../services/custom-fields/manage-custom-fields';
import {
  getOrganizationSettings,
  removeOrganizationLogo,
  setOrganizationLogo,
  updateOrganizationSettings,
} from '../services/settings/organization-settings';
import { getTwoFactorRequirement, setTwoFactorRequirement } from '../services/settings/require-two-factor';
import {
  getSealingCertificate,
  removeSealingCertificate,
  setSealingCertificate,
} from '../services/settings/sealing-certificate';
import { registerRoute } from './register-route';

export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, pdf, config, instanceCertificate },
) => {
  registerRoute(app, settingsApi.organization, {}, async (request) =>
    getOrganizationSettings(db, actorOf(request)),
  );

  registerRoute(app, settingsApi.updateOrganization, {}, async (request) =>
    updateOrganizationSettings(db, actorOf(request), request.body),
  );

  registerRoute(
    app,
    settingsApi.putLogo,
    {
      bodyLimit: 400_000,
    },
    async (request) => setOrganizationLogo(db, actorOf(request), request.body),
  );

  registerRoute(app, settingsApi.removeLogo, {}, async (request) =>
    removeOrganizationLogo(db, actorOf(request)),
  );

  registerRoute(app, settingsApi.createCustomField, {}, async (request, reply) =>
    reply.status(201).send({ items: await createCustomField(db, actorOf(request), request.body) }),
  );

  registerRoute(app, settingsApi.updateCustomField, {}, async (request) => ({
    items: await updateCustomField(db, actorOf(request), request.params.id, request.body),
  }));

  registerRoute(app, settingsApi.removeCustomField, {}, async (request) => ({
    items: await deleteCustomField(db, actorOf(request), request.params.id),
  }));

  registerRoute(app, settingsApi.sealingCertificate, {}, async (request) =>
    getSealingCertificate({ db, pdf, secret: config.sessionSecret }, actorOf(request), instanceCertificate),
  );

  registerRoute(
    app,
    settingsApi.putSealingCertificate,
    {
      bodyLimit: 600_000,
    },
    async (request) =>
      setSealingCertificate({ db, pdf, secret: config.sessionSecret }, actorOf(request), {
        p12: Buffer.from(request.body.p12, 'base64'),
        password: request.body.password,
      }),
  );

  registerRoute(app, settingsApi.removeSealingCertificate, {}, async (request, reply) => {
    await removeSealingCertificate(db, actorOf(request));
    return reply.status(204).send();
  });

  registerRoute(app, settingsApi.twoFactor, {}, async (request) =>
    getTwoFactorRequirement(db, actorOf(request)),
  );

  registerRoute(app, settingsApi.updateTwoFactor, {}, async (request) =>
    setTwoFactorRequirement(db, actorOf(request), request.body.required),
  );
};
