import { z } from 'zod';
import { identityProviderNames } from '../provider-sign-in';
import { defineRoute } from './route-contract';

const tags = ['Accounts'];

const providerParams = z.object({ provider: z.enum(identityProviderNames) });

export const oidcApi = {
  providers: defineRoute({
    method: 'GET',
    path: '/auth/providers',
    tags,
    summary: 'Which sign-in providers are configured',
    response: { 200: z.object({ google: z.boolean(), microsoft: z.boolean() }) },
  }),
  start: defineRoute({
    method: 'GET',
    path: '/auth/oidc/:provider',
    tags,
    summary: 'Leave for the provider to sign in (then back to next)',
    params: providerParams,
    query: z.object({ next: z.string().max(500).optional() }),
  }),
  callback: defineRoute({
    method: 'GET',
    path: '/auth/oidc/:provider/callback',
    tags,
    summary: "The provider's answer: signs in and goes on to next",
    params: providerParams,
  }),
};
