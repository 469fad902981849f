import { z } from 'zod';
import { noContentSchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import {
  accessCodeBodySchema,
  approveBodySchema,
  declineBodySchema,
  delegateBodySchema,
  delegationSchema,
  emailCodeBodySchema,
  openSigningBodySchema,
  signBodySchema,
  signingPageSchema,
  signingParamsSchema,
  signingSessionSchema,
} from '../api/signing';
import { defineRoute } from './route-contract';

const tags = ['Signing'];

const signingDocumentKind = z.enum(['frozen', 'final']);
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  // An expired download link, and a closed contract's PDFs.
  410: errorBodySchema,
};

export const signingApi = {
  openSession: defineRoute({
    method: 'POST',
    path: '/signing/sessions',
    tags,
    summary: 'Exchange a signing link for a short-lived signing cookie',
    body: openSigningBodySchema,
    response: { 200: signingSessionSchema, ...errors },
  }),
  enterAccessCode: defineRoute({
    method: 'POST',
    path: '/signing/:signerId/access-code',
    tags,
    summary: 'Enter the access code the sender shared; five wrong codes in a row lock the signer out',
    params: signingParamsSchema,
    body: accessCodeBodySchema,
    response: { 200: signingSessionSchema, ...errors },
  }),
  sendEmailCode: defineRoute({
    method: 'POST',
    path: '/signing/:signerId/email-code',
    tags,
    summary: "E-mail a new one-time code to the signer's address (it replaces any earlier one)",
    params: signingParamsSchema,
    response: { 204: noContentSchema, ...errors, 429: errorBodySchema },
  }),
  confirmEmailCode: defineRoute({
    method: 'POST',
    path: '/signing/:signerId/email-code/confirm',
    tags,
    summary: 'Enter the e-mailed one-time code; five wrong codes in a row lock the signer out',
    params: signingParamsSchema,
    body: emailCodeBodySchema,
    response: { 200: signingSessionSchema, ...errors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/signing/:signerId',
    tags,
    summary: 'What the signing page shows (only the state and the sender once the contract is closed)',
    params: signingParamsSchema,
    response: { 200: signingPageSchema, ...errors },
  }),
  document: defineRoute({
    method: 'GET',
    path: '/signing/:signerId/documents/:kind',
    tags,
    summary: 'The frozen PDF, or the sealed one once everyone has signed (410 once the contract is closed)',
    params: signingParamsSchema.extend({ kind: signingDocumentKind }),
    response: { ...errors },
  }),
  sign: defineRoute({
    method: 'POST',
    path: '/signing/:signerId/sign',
    tags,
    summary: 'Sign: consent, field values and the signature image',
    params: signingParamsSchema,
    body: signBodySchema,
    response: { 204: noContentSchema, ...errors },
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/signing/:signerId/approve',
    tags,
    summary:
      'An approver approves, in their turn: consent, their fields, the later recipients they name; the route moves on. To reject, decline',
    params: signingParamsSchema,
    body: approveBodySchema,
    response: { 204: noContentSchema, ...errors },
  }),
  decline: defineRoute({
    method: 'POST',
    path: '/signing/:signerId/decline',
    tags,
    summary:
      'Decline to sign (a signer or witness) or reject (an approver), with a reason; the contract is canceled',
    params: signingParamsSchema,
    body: declineBodySchema,
    response: { 204: noContentSchema, ...errors },
  }),
  delegate: defineRoute({
    method: 'POST',
    path: '/signing/:signerId/delegate',
    tags,
    summary: 'A signer or approver hands their turn to someone else, with a reason',
    description:
      "Allowed when the contract's delegation rule (its own, else the organization's) is `once` or `repeated`, to a signer or an approver whose turn it is and who has not acted; under `once` a delegate may not hand it on again. The delegate takes the recipient's number (so their fields, and whom they name), gets their own link by e-mail, and is asked for a one-time e-mailed code when the recipient had an access code or an e-mailed code. The old link then says it was handed on, without the new address. Refused for the same person, the sender, anyone already on the contract; limited per contract (5 hand-overs), per organization (an hour), and counted against the organization's signing mail.",
    params: signingParamsSchema,
    body: delegateBodySchema,
    response: { 200: delegationSchema, ...errors, 429: errorBodySchema },
  }),
};
