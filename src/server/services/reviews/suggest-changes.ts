import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import type { SuggestChangesInput, SuggestionSummary } from '../../../shared/api/reviews';
import { AppError } from '../../../shared/errors';
import type { ReviewerContext } from '../../context';
import { suggestions } from '../../db/schema';
import { presentSuggestionSummary } from '../../presenters/review';
import { prepareContent } from '../contracts/contract-content';
import { transition } from '../lifecycle/transition';
import { findOpenReview } from './find-reviewer';

/** At most this many suggestions per reviewer: a flood of them is not a review. */
const maxSuggestions = 20;

/**
 * A reviewer's suggested changes: the whole document as they would have it, on the version they
 * read. It changes nothing in the draft: the owner decides on each change.
 */
export async function suggestChanges(
  ctx: ReviewerContext,
  input: SuggestChangesInput,
): Promise<SuggestionSummary> {
  // Checked like any save (schema, limits), in the content thread.
  const { content } = await prepareContent(input.content);
  return ctx.db.transaction(async (tx) => {
    const { reviewer, contract, latest } = await findOpenReview(tx, ctx.reviewerId, { lock: true });
    if (input.baseVersion !== latest.number) {
      throw new AppError(
        'CONTRACT_CHANGED',
        `There is a newer version (${latest.number}) than the one you changed (${input.baseVersion}). Your changes are still on screen: copy what you need, then reload to see the new version.`,
      );
    }
    if (isDeepStrictEqual(latest.content, content)) {
      throw new AppError('INVALID_INPUT', 'Nothing was changed: edit the text, then suggest.', 'content');
    }
    const made = await tx
      .select({ id: suggestions.id })
      .from(suggestions)
      .where(eq(suggestions.reviewerId, reviewer.id));
    if (made.length >= maxSuggestions) {
      throw new AppError('RATE_LIMITED', `At most ${maxSuggestions} suggestions per reviewer.`);
    }
    const now = new Date();
    const [row] = await tx
      .insert(suggestions)
      .values({
        contractId: contract.id,
        reviewerId: reviewer.id,
        baseVersion: latest.number,
        content,
        note: input.note || null,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('The suggestion was not stored');
    await transition(tx, {
      contract,
      event: { type: 'review.suggested', data: { reviewerName: reviewer.name, suggestionId: row.id } },
      history: {
        action: 'suggestions_made',
        details: `${reviewer.name} (${reviewer.email}) suggested changes to version ${latest.number}`,
        author: { userId: null, userName: `${reviewer.name} (reviewer)`, ...ctx.origin },
      },
      at: now,
    });
    const { content: _content, ...summary } = row;
    return presentSuggestionSummary(summary, reviewer.name);
  });
}
