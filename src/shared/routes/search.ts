import { idParamsSchema, noContentSchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import {
  createSavedViewBodySchema,
  exportQuerySchema,
  savedViewListSchema,
  savedViewSchema,
  searchPageSchema,
  searchQuerySchema,
  updateSavedViewBodySchema,
} from '../api/search';
import { searchLimits } from '../limits';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Search'];
const errors = { ...resourceErrors, 403: errorBodySchema };

export const searchApi = {
  contracts: defineRoute({
    method: 'GET',
    path: '/search',
    tags,
    summary:
      "Full-text search over the organization's contracts, best match first, with filters; without words, the filtered list",
    query: searchQuerySchema,
    response: { 200: searchPageSchema, ...errors },
  }),
  exportContracts: defineRoute({
    method: 'GET',
    path: '/search/export',
    tags,
    summary: 'The filtered contracts as a CSV or .xlsx file, most recently changed first',
    description: `The same words and filters as a search, every match (not only the ranked ones), streamed. At most ${searchLimits.exported.toLocaleString('en')} rows: past them the file's last row says so, and the header x-export-truncated is true.`,
    query: exportQuerySchema,
    response: { ...errors },
  }),
  views: defineRoute({
    method: 'GET',
    path: '/saved-views',
    tags,
    summary: "My saved views and the organization's shared ones",
    response: { 200: savedViewListSchema, ...errors },
  }),
  createView: defineRoute({
    method: 'POST',
    path: '/saved-views',
    tags,
    summary: "Save the search page's filters under a name, for me or the whole organization",
    body: createSavedViewBodySchema,
    response: { 201: savedViewSchema, ...errors },
  }),
  updateView: defineRoute({
    method: 'PATCH',
    path: '/saved-views/:id',
    tags,
    summary: 'Rename a saved view, or share it (its maker; an admin for a shared one)',
    params: idParamsSchema,
    body: updateSavedViewBodySchema,
    response: { 200: savedViewSchema, ...errors },
  }),
  deleteView: defineRoute({
    method: 'DELETE',
    path: '/saved-views/:id',
    tags,
    summary: 'Delete a saved view (its maker; an admin for a shared one)',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...errors },
  }),
};
