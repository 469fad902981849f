import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, noContentSchema } from '../../shared/api/common';
import { customFieldListSchema } from '../../shared/api/custom-fields';
import { errorBodySchema } from '../../shared/api/error-body';
import {
  createCustomFieldBodySchema,
  organizationSettingsSchema,
  sealingCertificateSchema,
  twoFactorRequirementSchema,
  updateCustomFieldBodySchema,
  updateOrganizationSettingsBodySchema,
  uploadLogoBodySchema,
  uploadSealingCertificateBodySchema,
} from '../../shared/api/settings';
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
import { resourceErrors } from './error-responses';

const errors = { ...resourceErrors, 403: errorBodySchema };

export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, pdf, config, instanceCertificate },
) => {
  const tags = ['Settings'];

  app.get(
    '/settings/organization',
    {
      schema: {
        tags,
        summary: "The organization's name, logo and signing defaults",
        response: { 200: organizationSettingsSchema, ...errors },
      },
    },
    async (request) => getOrganizationSettings(db, actorOf(request)),
  );

  app.patch(
    '/settings/organization',
    {
      schema: {
        tags,
        summary: 'Change the name or the signing defaults (admins)',
        body: updateOrganizationSettingsBodySchema,
        response: { 200: organizationSettingsSchema, ...errors },
      },
    },
    async (request) => updateOrganizationSettings(db, actorOf(request), request.body),
  );

  app.put(
    '/settings/logo',
    {
      bodyLimit: 400_000,
      schema: {
        tags,
        summary: 'Upload the logo: PNG, JPEG or WebP, at most 200 KB, base64 (admins)',
        body: uploadLogoBodySchema,
        response: { 200: organizationSettingsSchema, ...errors },
      },
    },
    async (request) => setOrganizationLogo(db, actorOf(request), request.body),
  );

  app.delete(
    '/settings/logo',
    {
      schema: {
        tags,
        summary: 'Remove the logo (admins)',
        response: { 200: organizationSettingsSchema, ...errors },
      },
    },
    async (request) => removeOrganizationLogo(db, actorOf(request)),
  );

  app.post(
    '/custom-fields',
    {
      schema: {
        tags,
        summary: 'Add a signer field (admins); answers the whole list',
        body: createCustomFieldBodySchema,
        response: { 201: customFieldListSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ items: await createCustomField(db, actorOf(request), request.body) }),
  );

  app.patch(
    '/custom-fields/:id',
    {
      schema: {
        tags,
        summary: "Rename one of the organization's fields or mark it required (admins)",
        params: idParamsSchema,
        body: updateCustomFieldBodySchema,
        response: { 200: customFieldListSchema, ...errors },
      },
    },
    async (request) => ({
      items: await updateCustomField(db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/custom-fields/:id',
    {
      schema: {
        tags,
        summary: "Remove one of the organization's fields (admins; the system fields stay)",
        params: idParamsSchema,
        response: { 200: customFieldListSchema, ...errors },
      },
    },
    async (request) => ({ items: await deleteCustomField(db, actorOf(request), request.params.id) }),
  );

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
      getSealingCertificate({ db, pdf, secret: config.sessionSecret }, actorOf(request), instanceCertificate),
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
      setSealingCertificate({ db, pdf, secret: config.sessionSecret }, actorOf(request), {
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

  app.get(
    '/settings/two-factor',
    {
      schema: {
        tags,
        summary: 'Whether every member must sign in with a second factor',
        response: { 200: twoFactorRequirementSchema, ...errors },
      },
    },
    async (request) => getTwoFactorRequirement(db, actorOf(request)),
  );

  app.put(
    '/settings/two-factor',
    {
      schema: {
        tags,
        summary: 'Require a second factor of every member, or stop (admins who have one themselves)',
        body: twoFactorRequirementSchema,
        response: { 200: twoFactorRequirementSchema, ...errors },
      },
    },
    async (request) => setTwoFactorRequirement(db, actorOf(request), request.body.required),
  );
};
