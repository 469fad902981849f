import { idParamsSchema } from '../api/common';
import { contractSchema } from '../api/contracts';
import { errorBodySchema } from '../api/error-body';
import {
  decideSuggestionBodySchema,
  openReviewBodySchema,
  reviewerListSchema,
  reviewerParamsSchema,
  reviewSessionSchema,
  reviewViewSchema,
  sendForReviewBodySchema,
  suggestChangesBodySchema,
  suggestionListSchema,
  suggestionParamsSchema,
  suggestionSchema,
  suggestionSummarySchema,
} from '../api/reviews';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Reviews'];
/** What the reviewer's routes answer besides success: 401 without the cookie, 410 once the review ended. */
export const reviewerErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  410: errorBodySchema,
};

export const reviewsApi = {
  send: defineRoute({
    method: 'POST',
    path: '/contracts/:id/review',
    tags,
    summary: 'Send the draft for review: a new version, and each reviewer e-mailed a review link',
    params: idParamsSchema,
    body: sendForReviewBodySchema,
    response: { 200: reviewerListSchema, ...resourceErrors },
  }),
  reviewers: defineRoute({
    method: 'GET',
    path: '/contracts/:id/reviewers',
    tags,
    summary: "The draft's external reviewers",
    params: idParamsSchema,
    response: { 200: reviewerListSchema, ...resourceErrors },
  }),
  suggestions: defineRoute({
    method: 'GET',
    path: '/contracts/:id/suggestions',
    tags,
    summary: "The reviewers' suggestions, newest first",
    params: idParamsSchema,
    response: { 200: suggestionListSchema, ...resourceErrors },
  }),
  suggestion: defineRoute({
    method: 'GET',
    path: '/contracts/:id/suggestions/:suggestionId',
    tags,
    summary: 'One suggestion as a redline of its version, its changes numbered',
    params: suggestionParamsSchema,
    response: { 200: suggestionSchema, ...resourceErrors },
  }),
  decide: defineRoute({
    method: 'POST',
    path: '/contracts/:id/suggestions/:suggestionId/decide',
    tags,
    summary: 'Accept some changes of a suggestion and reject the rest: the result is a new version',
    params: suggestionParamsSchema,
    body: decideSuggestionBodySchema,
    response: { 200: contractSchema, ...resourceErrors },
  }),
  open: defineRoute({
    method: 'POST',
    path: '/review/open',
    tags,
    summary: "Exchange a review link's token for the reviewer's cookie",
    body: openReviewBodySchema,
    response: { 200: reviewSessionSchema, ...reviewerErrors },
  }),
  view: defineRoute({
    method: 'GET',
    path: '/review/:reviewerId',
    tags,
    summary: 'What a reviewer reads: the version sent to them for review, and their suggestions',
    params: reviewerParamsSchema,
    response: { 200: reviewViewSchema, ...reviewerErrors },
  }),
  suggest: defineRoute({
    method: 'POST',
    path: '/review/:reviewerId/suggestions',
    tags,
    summary: 'Suggest changes: the document as the reviewer would have it, on the version they read',
    params: reviewerParamsSchema,
    body: suggestChangesBodySchema,
    response: { 201: suggestionSummarySchema, ...reviewerErrors },
  }),
};
