import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maxAcceptedChanges } from '../../shared/api/reviews';
import { AppError } from '../../shared/errors';
import { contractLimits } from '../../shared/limits';
import { reviewCommentsApi } from '../../shared/routes/review-comments';
import { reviewsApi } from '../../shared/routes/reviews';
import type { ReviewerContext } from '../context';
import type { AppDeps } from '../deps';
import { contextOf, requestOrigin } from '../plugins/authentication';
import { cookies } from '../plugins/cookies';
import { reviewedContractId } from '../policies/comments';
import { createThread } from '../services/comments/create-thread';
import { getThread, listThreads } from '../services/comments/list-threads';
import { replyToThread } from '../services/comments/reply-to-thread';
import { setThreadResolved } from '../services/comments/resolve-thread';
import { getContract } from '../services/contracts/get-contract';
import { decideSuggestion } from '../services/reviews/decide-suggestion';
import { currentReviewLink } from '../services/reviews/find-reviewer';
import { getReviewView } from '../services/reviews/get-review-view';
import { getSuggestion } from '../services/reviews/get-suggestion';
import { listReviewers } from '../services/reviews/list-reviewers';
import { listSuggestions } from '../services/reviews/list-suggestions';
import { openReviewLink } from '../services/reviews/open-review-link';
import { issueReviewCookie, verifyReviewCookie } from '../services/reviews/review-cookie';
import { sendForReview } from '../services/reviews/send-for-review';
import { suggestChanges } from '../services/reviews/suggest-changes';
import { registerRoute } from './register-route';

/**
 * Review of a draft by the other side. The owner's routes are signed in; the reviewer's are public
 * and, like signing, exchange the link's token once for a short cookie scoped to that reviewer.
 */
export const reviewRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, secret, content }) => {
  /**
   * The reviewer's context for a request: the only place one is made. The cookie must come from
   * the link the reviewer has now: a newer invitation ends the sessions opened with older ones.
   */
  const reviewerOf = async (
    request: FastifyRequest,
    reviewerId: string,
  ): Promise<ReviewerContext<'content'>> => {
    const cookie = request.cookies[cookies.review(reviewerId).name];
    const link = cookie ? await currentReviewLink(db, reviewerId) : null;
    if (!link || !verifyReviewCookie(secret, link, cookie)) {
      throw new AppError(
        'REVIEW_SESSION_EXPIRED',
        'Your review session has ended. Open the link from your e-mail again.',
      );
    }
    return { db, content, reviewerId, origin: requestOrigin(request) };
  };

  registerRoute(app, reviewsApi.send, {}, async (request) => {
    const ctx = contextOf(request);
    await sendForReview(ctx, request.params.id, request.body);
    return listReviewers(ctx, request.params.id);
  });
  registerRoute(app, reviewsApi.reviewers, {}, async (request) =>
    listReviewers(contextOf(request), request.params.id),
  );
  registerRoute(app, reviewsApi.suggestions, {}, async (request) =>
    listSuggestions(contextOf(request), request.params.id),
  );
  registerRoute(app, reviewsApi.suggestion, {}, async (request) =>
    getSuggestion(contextOf(request), request.params.id, request.params.suggestionId),
  );
  // Accepting every change of a long suggestion lists up to 10,000 numbers: more values than the
  // default body allows.
  const decideLimits = { config: { maxBodyValues: maxAcceptedChanges + 10 } };
  registerRoute(app, reviewsApi.decide, decideLimits, async (request) => {
    const ctx = contextOf(request);
    await decideSuggestion(ctx, request.params.id, request.params.suggestionId, request.body);
    return getContract(ctx, request.params.id);
  });

  registerRoute(app, reviewsApi.open, { config: { public: true } }, async (request, reply) => {
    const link = await openReviewLink(db, request.body.token);
    const cookie = issueReviewCookie(secret, link);
    reply.setAppCookie(cookies.review(link.reviewerId), cookie.value, cookie.expires);
    return reply.header('cache-control', 'no-store').send({ reviewerId: link.reviewerId });
  });
  registerRoute(app, reviewsApi.view, { config: { public: true } }, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await getReviewView(await reviewerOf(request, request.params.reviewerId))),
  );
  registerRoute(
    app,
    reviewsApi.suggest,
    {
      config: { public: true, maxBodyValues: contractLimits.bodyValues },
      bodyLimit: contractLimits.bodyBytes,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await suggestChanges(await reviewerOf(request, request.params.reviewerId), request.body)),
  );

  /** A reviewer's comments go through the team's services, as the reviewer (policies/comments.ts). */
  const commenterOf = async (request: FastifyRequest, reviewerId: string) => {
    const ctx = await reviewerOf(request, reviewerId);
    return { ctx, contractId: await reviewedContractId(db, reviewerId) };
  };
  const publicRoute = { config: { public: true } };

  registerRoute(app, reviewCommentsApi.list, publicRoute, async (request, reply) => {
    const { ctx, contractId } = await commenterOf(request, request.params.reviewerId);
    return reply.header('cache-control', 'no-store').send(await listThreads(ctx, contractId));
  });
  registerRoute(app, reviewCommentsApi.create, publicRoute, async (request, reply) => {
    const { ctx, contractId } = await commenterOf(request, request.params.reviewerId);
    const { id } = await createThread(ctx, contractId, request.body);
    return reply.status(201).send(await getThread(ctx, contractId, id));
  });
  registerRoute(app, reviewCommentsApi.reply, publicRoute, async (request, reply) => {
    const { ctx, contractId } = await commenterOf(request, request.params.reviewerId);
    await replyToThread(ctx, contractId, request.params.threadId, request.body);
    return reply.status(201).send(await getThread(ctx, contractId, request.params.threadId));
  });
  registerRoute(app, reviewCommentsApi.resolve, publicRoute, async (request) => {
    const { ctx, contractId } = await commenterOf(request, request.params.reviewerId);
    await setThreadResolved(ctx, contractId, request.params.threadId, true);
    return getThread(ctx, contractId, request.params.threadId);
  });
  registerRoute(app, reviewCommentsApi.reopen, publicRoute, async (request) => {
    const { ctx, contractId } = await commenterOf(request, request.params.reviewerId);
    await setThreadResolved(ctx, contractId, request.params.threadId, false);
    return getThread(ctx, contractId, request.params.threadId);
  });
};
