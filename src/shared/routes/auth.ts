import {
  currentUserResponseSchema,
  demoCredentialsResponseSchema,
  emailConfirmBodySchema,
  emailConfirmedSchema,
  passwordResetCheckBodySchema,
  passwordResetCheckSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  passwordResetRequestedSchema,
  sessionResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  signUpRequestedSchema,
} from '../api/auth';
import { noContentSchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import { invitationSignUpBodySchema } from '../api/team';
import { secondFactorRequiredSchema } from '../api/two-factor';
import { defineRoute } from './route-contract';

const tags = ['Accounts'];

export const authApi = {
  signUp: defineRoute({
    method: 'POST',
    path: '/auth/sign-up',
    tags,
    summary: 'Ask for an account and a new organization: a link to finish goes to the e-mail',
    description:
      'Answers the same, after the same time, whether or not the e-mail has an account: a new address gets a link that creates the account (POST /api/auth/sign-up/confirm), one with an account gets a notice to its owner.',
    body: signUpBodySchema,
    response: { 202: signUpRequestedSchema, 400: errorBodySchema, 429: errorBodySchema },
  }),
  confirmSignUp: defineRoute({
    method: 'POST',
    path: '/auth/sign-up/confirm',
    tags,
    summary: 'Open an e-mailed confirmation link: finish a sign-up (and sign in) or an address change',
    description:
      'A link works once, for 24 hours. A sign-up makes the account and its organization and signs this browser in; opened in another browser than the one that asked for it, it needs the password chosen at sign-up (401 SIGN_UP_PASSWORD_REQUIRED without it, 401 INVALID_CREDENTIALS when wrong, a few tries). An address change switches the account to the new address, and only in a browser signed in to that account (401 otherwise, and the link keeps working).',
    body: emailConfirmBodySchema,
    response: {
      200: emailConfirmedSchema,
      400: errorBodySchema,
      401: errorBodySchema,
      403: errorBodySchema,
      409: errorBodySchema,
      410: errorBodySchema,
      429: errorBodySchema,
    },
  }),
  signUpWithInvitation: defineRoute({
    method: 'POST',
    path: '/auth/sign-up/invitation',
    tags,
    summary: 'Create the account an invitation is for, join its organization, and sign in',
    description:
      'The invitation link was mailed to the invited address, so the account is confirmed at once and joins only the inviting organization, with the invited role.',
    body: invitationSignUpBodySchema,
    response: {
      200: currentUserResponseSchema,
      400: errorBodySchema,
      404: errorBodySchema,
      409: errorBodySchema,
      410: errorBodySchema,
      429: errorBodySchema,
    },
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/auth/sign-in',
    tags,
    summary: 'Sign in with e-mail and password',
    description:
      'When the account has a second factor, the answer is 202 with the methods it can use and no session: POST /api/auth/two-factor completes the sign-in.',
    body: signInBodySchema,
    response: {
      200: currentUserResponseSchema,
      202: secondFactorRequiredSchema,
      401: errorBodySchema,
      429: errorBodySchema,
    },
  }),
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/auth/password-reset',
    tags,
    summary: 'E-mail a password reset link, if the address has an account',
    description:
      'Answers the same, after the same time, whether or not the e-mail has an account. The link works once, for one hour.',
    body: passwordResetRequestBodySchema,
    response: { 202: passwordResetRequestedSchema, 400: errorBodySchema, 429: errorBodySchema },
  }),
  checkPasswordReset: defineRoute({
    method: 'POST',
    path: '/auth/password-reset/check',
    tags,
    summary: 'Whether a password reset link still works',
    body: passwordResetCheckBodySchema,
    response: { 200: passwordResetCheckSchema, 400: errorBodySchema, 410: errorBodySchema },
  }),
  confirmPasswordReset: defineRoute({
    method: 'POST',
    path: '/auth/password-reset/confirm',
    tags,
    summary: 'Set a new password with a reset link, sign out everywhere, and sign in',
    description:
      'When the account has a second factor the answer is 202 and nothing is changed yet: the link is spent, the password set, every session ended (and, with revokeApiTokens, every API token the account made revoked) only once the second factor passes at POST /api/auth/two-factor.',
    body: passwordResetConfirmBodySchema,
    response: {
      200: currentUserResponseSchema,
      202: secondFactorRequiredSchema,
      400: errorBodySchema,
      410: errorBodySchema,
      429: errorBodySchema,
    },
  }),
  signOut: defineRoute({
    method: 'POST',
    path: '/auth/sign-out',
    tags,
    summary: 'End the current session',
    response: { 204: noContentSchema },
  }),
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    tags,
    summary: 'The signed-in user',
    response: { 200: currentUserResponseSchema, 401: errorBodySchema },
  }),
  session: defineRoute({
    method: 'GET',
    path: '/auth/session',
    tags,
    summary: 'Who is signed in, for the web app: the user, or null when nobody is (never a 401)',
    response: { 200: sessionResponseSchema },
  }),
  demoCredentials: defineRoute({
    method: 'GET',
    path: '/demo-credentials',
    tags,
    summary: "The demo workspace's sign-in in demo mode, null on any other server",
    response: { 200: demoCredentialsResponseSchema },
  }),
};
