import { searchPageSchema, searchQuerySchema } from '../api/search';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Search'];

export const searchApi = {
  contracts: defineRoute({
    method: 'GET',
    path: '/search',
    tags,
    summary: "Full-text search over the organization's contracts, best match first, with filters",
    query: searchQuerySchema,
    response: { 200: searchPageSchema, ...resourceErrors },
  }),
};
