import { eq } from 'drizzle-orm';
import sameJson from 'fast-deep-equal';
import type { SuggestChangesInput, SuggestionSummary } from '../../../shared/api/reviews';
import { AppError } from '../../../shared/errors';
import type { ReviewerContext } from '../../context';
import { storedJson } from '../../db/json-text';
import { suggestions } from '../../db/schema';
import { presentSuggestionSummary } from '../../presenters/review';
import { transition } from '../lifecycle/transition';
import { findOpenReview } from './find-reviewer';

/** At most this many suggestions per reviewer: a flood of them is not a review. */
const maxSuggestions = 20;

/**
 * A reviewer's suggested changes: the whole document as they would have it, on the version sent
 * to them for review. It changes nothing in the draft: the owner decides on each change, and
 * what they accept is merged into the draft as it is by then.
 */
export async function suggestChanges(
  ctx: ReviewerContext<'content'>,
  input: SuggestChangesInput,
): Promise<SuggestionSummary> {
  // Checked like any save (schema, limits), in the content thread.
  const { json } = await ctx.content.prepare(input.content);
  return ctx.db.transaction(async (tx) => {
    const { reviewer, contract, version } = await findOpenReview(tx, ctx.reviewerId, { lock: true });
    if (input.baseVersion !== version.number) {
      throw new AppError(
        'CONTRACT_CHANGED',
        `Version ${version.number} was sent to you for review since you opened version ${input.baseVersion}. Your changes are still on screen: copy what you need, then reload to see the new version.`,
      );
    }
    if (sameJson(version.content, JSON.parse(json))) {
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
        baseVersion: version.number,
        content: storedJson(json),
        note: input.note || null,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('The suggestion was not stored');
    await transition(tx, {
      contract,
      step: 'review.suggested',
      facts: {
        reviewerName: reviewer.name,
        suggestionId: row.id,
        reviewerEmail: reviewer.email,
        baseVersion: version.number,
      },
      author: { userId: null, userName: `${reviewer.name} (reviewer)`, ...ctx.origin },
      at: now,
    });
    const { content: _content, ...summary } = row;
    return presentSuggestionSummary(summary, reviewer.name);
  });
}
