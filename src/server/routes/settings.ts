import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsApi } from '../../shared/routes/settings';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
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

export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, settingsApi.organization, {}, async (request) =>
    getOrganizationSettings(contextOf(request)),
  );

  registerRoute(app, settingsApi.updateOrganization, {}, async (request) =>
    updateOrganizationSettings(contextOf(request), request.body),
  );

  registerRoute(
    app,
    settingsApi.putLogo,
    {
      bodyLimit: 400_000,
    },
    async (request) => setOrganizationLogo(contextOf(request), request.body),
  );

  registerRoute(app, settingsApi.removeLogo, {}, async (request) =>
    removeOrganizationLogo(contextOf(request)),
  );

  registerRoute(app, settingsApi.createCustomField, {}, async (request, reply) =>
    reply.status(201).send({ items: await createCustomField(contextOf(request), request.body) }),
  );

  registerRoute(app, settingsApi.updateCustomField, {}, async (request) => ({
    items: await updateCustomField(contextOf(request), request.params.id, request.body),
  }));

  registerRoute(app, settingsApi.removeCustomField, {}, async (request) => ({
    items: await deleteCustomField(contextOf(request), request.params.id),
  }));

  registerRoute(app, settingsApi.sealingCertificate, {}, async (request) =>
    getSealingCertificate(contextOf(request)),
  );

  registerRoute(
    app,
    settingsApi.putSealingCertificate,
    {
      bodyLimit: 600_000,
    },
    async (request) =>
      setSealingCertificate(contextOf(request), {
        p12: Buffer.from(request.body.p12, 'base64'),
        password: request.body.password,
      }),
  );

  registerRoute(app, settingsApi.removeSealingCertificate, {}, async (request, reply) => {
    await removeSealingCertificate(contextOf(request));
    return reply.status(204).send();
  });

  registerRoute(app, settingsApi.twoFactor, {}, async (request) =>
    getTwoFactorRequirement(contextOf(request)),
  );

  registerRoute(app, settingsApi.updateTwoFactor, {}, async (request) =>
    setTwoFactorRequirement(contextOf(request), request.body.required),
  );
};
