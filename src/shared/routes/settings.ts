import { idParamsSchema, noContentSchema } from '../api/common';
import { customFieldListSchema } from '../api/custom-fields';
import { errorBodySchema } from '../api/error-body';
import {
  certificateFormatParamsSchema,
  createCustomFieldBodySchema,
  organizationSettingsSchema,
  sealingCertificateSchema,
  twoFactorRequirementSchema,
  updateCustomFieldBodySchema,
  updateOrganizationSettingsBodySchema,
  uploadLogoBodySchema,
  uploadSealingCertificateBodySchema,
} from '../api/settings';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Settings'];

const errors = { ...resourceErrors, 403: errorBodySchema };

export const settingsApi = {
  organization: defineRoute({
    method: 'GET',
    path: '/settings/organization',
    tags,
    summary: "The organization's name, logo and signing defaults",
    response: { 200: organizationSettingsSchema, ...errors },
  }),
  updateOrganization: defineRoute({
    method: 'PATCH',
    path: '/settings/organization',
    tags,
    summary: 'Change the name or the signing defaults (admins)',
    body: updateOrganizationSettingsBodySchema,
    response: { 200: organizationSettingsSchema, ...errors },
  }),
  putLogo: defineRoute({
    method: 'PUT',
    path: '/settings/logo',
    tags,
    summary: 'Upload the logo: PNG, JPEG or WebP, at most 200 KB, base64 (admins)',
    body: uploadLogoBodySchema,
    response: { 200: organizationSettingsSchema, ...errors },
  }),
  removeLogo: defineRoute({
    method: 'DELETE',
    path: '/settings/logo',
    tags,
    summary: 'Remove the logo (admins)',
    response: { 200: organizationSettingsSchema, ...errors },
  }),
  createCustomField: defineRoute({
    method: 'POST',
    path: '/custom-fields',
    tags,
    summary: 'Add a signer field (admins); answers the whole list',
    body: createCustomFieldBodySchema,
    response: { 201: customFieldListSchema, ...errors },
  }),
  updateCustomField: defineRoute({
    method: 'PATCH',
    path: '/custom-fields/:id',
    tags,
    summary: "Rename one of the organization's fields or mark it required (admins)",
    params: idParamsSchema,
    body: updateCustomFieldBodySchema,
    response: { 200: customFieldListSchema, ...errors },
  }),
  removeCustomField: defineRoute({
    method: 'DELETE',
    path: '/custom-fields/:id',
    tags,
    summary: "Remove one of the organization's fields (admins; the system fields stay)",
    params: idParamsSchema,
    response: { 200: customFieldListSchema, ...errors },
  }),
  sealingCertificate: defineRoute({
    method: 'GET',
    path: '/settings/sealing-certificate',
    tags,
    summary: 'The certificate signed contracts are sealed with',
    response: { 200: sealingCertificateSchema, ...errors },
  }),
  downloadSealingCertificate: defineRoute({
    method: 'GET',
    path: '/settings/sealing-certificate/:format',
    tags,
    summary:
      "Download the public certificate the organization's contracts are sealed with (.cer or .pem), to trust it in a validator",
    params: certificateFormatParamsSchema,
    response: { ...errors },
  }),
  putSealingCertificate: defineRoute({
    method: 'PUT',
    path: '/settings/sealing-certificate',
    tags,
    summary: "Upload the organization's own sealing certificate (PKCS#12, base64, with its password; admins)",
    body: uploadSealingCertificateBodySchema,
    response: { 200: sealingCertificateSchema, ...errors },
  }),
  removeSealingCertificate: defineRoute({
    method: 'DELETE',
    path: '/settings/sealing-certificate',
    tags,
    summary: 'Go back to the instance certificate (admins)',
    response: { 204: noContentSchema, ...errors },
  }),
  twoFactor: defineRoute({
    method: 'GET',
    path: '/settings/two-factor',
    tags,
    summary: 'Whether every member must sign in with a second factor',
    response: { 200: twoFactorRequirementSchema, ...errors },
  }),
  updateTwoFactor: defineRoute({
    method: 'PUT',
    path: '/settings/two-factor',
    tags,
    summary: 'Require a second factor of every member, or stop (admins who have one themselves)',
    body: twoFactorRequirementSchema,
    response: { 200: twoFactorRequirementSchema, ...errors },
  }),
};
