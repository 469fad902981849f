import { currentUserResponseSchema } from '../api/auth';
import { idParamsSchema, noContentSchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import {
  confirmTotpBodySchema,
  disableTotpBodySchema,
  passkeySignInBodySchema,
  pendingSecondFactorSchema,
  recoveryCodesSchema,
  registerPasskeyBodySchema,
  renamePasskeyBodySchema,
  secondFactorBodySchema,
  totpEnrollmentSchema,
  twoFactorStatusSchema,
  webAuthnOptionsSchema,
} from '../api/two-factor';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Accounts'];

const errors = { ...resourceErrors, 429: errorBodySchema };
const profileTags = ['Profile'];

export const twoFactorApi = {
  challenge: defineRoute({
    method: 'GET',
    path: '/auth/two-factor',
    tags,
    summary: 'The second factors the sign-in in progress can use',
    response: { 200: pendingSecondFactorSchema, 401: errorBodySchema },
  }),
  challengePasskeyOptions: defineRoute({
    method: 'POST',
    path: '/auth/two-factor/passkey-options',
    tags,
    summary: "Ask for one of the signing-in account's passkeys",
    response: { 200: webAuthnOptionsSchema, 401: errorBodySchema },
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/auth/two-factor',
    tags,
    summary: 'Complete a sign-in with the second factor: a code, a recovery code or a passkey',
    description:
      'After 30 wrong authenticator codes in a (UTC) day, app codes are answered 403 AUTHENTICATOR_LOCKED until a recovery code is used, the password is reset, or the day ends.',
    body: secondFactorBodySchema,
    response: {
      200: currentUserResponseSchema,
      400: errorBodySchema,
      401: errorBodySchema,
      403: errorBodySchema,
      429: errorBodySchema,
    },
  }),
  passkeySignInOptions: defineRoute({
    method: 'POST',
    path: '/auth/passkey/options',
    tags,
    summary: 'Ask the browser for any passkey made for Pactum',
    response: { 200: webAuthnOptionsSchema },
  }),
  passkeySignIn: defineRoute({
    method: 'POST',
    path: '/auth/passkey',
    tags,
    summary: 'Sign in with a passkey (it stands for both factors)',
    body: passkeySignInBodySchema,
    response: {
      200: currentUserResponseSchema,
      400: errorBodySchema,
      401: errorBodySchema,
      429: errorBodySchema,
    },
  }),
  status: defineRoute({
    method: 'GET',
    path: '/profile/two-factor',
    tags: profileTags,
    summary: 'Your authenticator app, passkeys and recovery codes left',
    response: { 200: twoFactorStatusSchema, ...errors },
  }),
  startTotp: defineRoute({
    method: 'POST',
    path: '/profile/two-factor/totp',
    tags: profileTags,
    summary: 'Start setting up an authenticator app: a new secret and its QR code',
    response: { 200: totpEnrollmentSchema, ...errors },
  }),
  confirmTotp: defineRoute({
    method: 'POST',
    path: '/profile/two-factor/totp/confirm',
    tags: profileTags,
    summary: 'Turn the app on with a code it shows; answers the recovery codes, once',
    body: confirmTotpBodySchema,
    response: { 200: recoveryCodesSchema, ...errors },
  }),
  disableTotp: defineRoute({
    method: 'POST',
    path: '/profile/two-factor/totp/disable',
    tags: profileTags,
    summary: 'Turn the authenticator app off (needs the current password or a code)',
    body: disableTotpBodySchema,
    response: { 204: noContentSchema, ...errors },
  }),
  regenerateRecoveryCodes: defineRoute({
    method: 'POST',
    path: '/profile/two-factor/recovery-codes',
    tags: profileTags,
    summary: 'Ten new recovery codes, shown once; the old ones stop working',
    response: { 200: recoveryCodesSchema, ...errors },
  }),
  addPasskeyOptions: defineRoute({
    method: 'POST',
    path: '/profile/passkeys/options',
    tags: profileTags,
    summary: 'Options for the browser to make a new passkey',
    response: { 200: webAuthnOptionsSchema, ...errors },
  }),
  addPasskey: defineRoute({
    method: 'POST',
    path: '/profile/passkeys',
    tags: profileTags,
    summary: 'Keep the passkey the browser made, under a name',
    body: registerPasskeyBodySchema,
    response: { 201: twoFactorStatusSchema, ...errors },
  }),
  renamePasskey: defineRoute({
    method: 'PATCH',
    path: '/profile/passkeys/:id',
    tags: profileTags,
    summary: 'Rename a passkey',
    params: idParamsSchema,
    body: renamePasskeyBodySchema,
    response: { 204: noContentSchema, ...errors },
  }),
  removePasskey: defineRoute({
    method: 'DELETE',
    path: '/profile/passkeys/:id',
    tags: profileTags,
    summary: 'Remove a passkey',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...errors },
  }),
};
