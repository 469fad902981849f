import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsApi } from '../../shared/routes/settings';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { listCustomFields } from '../services/custom-fields/list-custom-fields';
import {
  createCustomField,
  deleteCustomField,
  updateCustomField,
} from '../services/custom-fields/manage-custom-fields';
import { sealingCertificateFile } from '../services/sealing/certificate-file';
import {
  getSealingCertificate,
  removeSealingCertificate,
  setSealingCertificate,
} from '../services/sealing/organization-certificate';
import {
  getOrganizationSettings,
  removeOrganizationLogo,
  setOrganizationLogo,
  updateOrganizationSettings,
} from '../services/settings/organization-settings';
import { getTwoFactorRequirement, setTwoFactorRequirement } from '../services/settings/require-two-factor';
import { registerRoute } from './register-route';
import { sendFile } from './send-file';

export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, settingsApi.organization, {}, async (request) =>
    getOrganizationSettings(contextOf(request)),
  );

  registerRoute(app, settingsApi.updateOrganization, {}, async (request) => {
    const ctx = contextOf(request);
    await updateOrganizationSettings(ctx, request.body);
    return getOrganizationSettings(ctx);
  });

  registerRoute(
    app,
    settingsApi.putLogo,
    {
      bodyLimit: 400_000,
    },
    async (request) => {
      const ctx = contextOf(request);
      await setOrganizationLogo(ctx, request.body);
      return getOrganizationSettings(ctx);
    },
  );

  registerRoute(app, settingsApi.removeLogo, {}, async (request) => {
    const ctx = contextOf(request);
    await removeOrganizationLogo(ctx);
    return getOrganizationSettings(ctx);
  });

  registerRoute(app, settingsApi.createCustomField, {}, async (request, reply) => {
    const ctx = contextOf(request);
    await createCustomField(ctx, request.body);
    return reply.status(201).send({ items: await listCustomFields(ctx) });
  });

  registerRoute(app, settingsApi.updateCustomField, {}, async (request) => {
    const ctx = contextOf(request);
    await updateCustomField(ctx, request.params.id, request.body);
    return { items: await listCustomFields(ctx) };
  });

  registerRoute(app, settingsApi.removeCustomField, {}, async (request) => {
    const ctx = contextOf(request);
    await deleteCustomField(ctx, request.params.id);
    return { items: await listCustomFields(ctx) };
  });

  registerRoute(app, settingsApi.sealingCertificate, {}, async (request) =>
    getSealingCertificate(contextOf(request)),
  );

  registerRoute(app, settingsApi.downloadSealingCertificate, {}, async (request, reply) =>
    sendFile(reply, await sealingCertificateFile(contextOf(request), request.params.format)),
  );

  registerRoute(
    app,
    settingsApi.putSealingCertificate,
    {
      bodyLimit: 600_000,
    },
    async (request) => {
      const ctx = contextOf(request);
      await setSealingCertificate(ctx, {
        p12: Buffer.from(request.body.p12, 'base64'),
        password: request.body.password,
      });
      return getSealingCertificate(ctx);
    },
  );

  registerRoute(app, settingsApi.removeSealingCertificate, {}, async (request, reply) => {
    await removeSealingCertificate(contextOf(request));
    return reply.status(204).send();
  });

  registerRoute(app, settingsApi.twoFactor, {}, async (request) =>
    getTwoFactorRequirement(contextOf(request)),
  );

  registerRoute(app, settingsApi.updateTwoFactor, {}, async (request) => {
    const ctx = contextOf(request);
    await setTwoFactorRequirement(ctx, request.body.required);
    return getTwoFactorRequirement(ctx);
  });
};
