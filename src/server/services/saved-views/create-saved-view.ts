import { and, count, eq } from 'drizzle-orm';
import type { SavedView } from '../../../shared/api/search';
import { AppError } from '../../../shared/errors';
import { searchLimits } from '../../../shared/limits';
import type { ServiceContext } from '../../context';
import { savedViews } from '../../db/schema';
import { presentSavedView } from '../../presenters/saved-view';
import { savedQueryOf } from './view-query';

/** Saves the search page's filters under a name; a person keeps at most searchLimits.views. */
export async function createSavedView(
  ctx: ServiceContext,
  input: { name: string; query: string; shared: boolean },
): Promise<SavedView> {
  const query = savedQueryOf(input.query);
  const [kept] = await ctx.db
    .select({ n: count() })
    .from(savedViews)
    .where(
      and(eq(savedViews.userId, ctx.actor.userId), eq(savedViews.organizationId, ctx.actor.organizationId)),
    );
  if ((kept?.n ?? 0) >= searchLimits.views) {
    throw new AppError(
      'INVALID_INPUT',
      `You keep at most ${searchLimits.views} saved views: delete one first`,
    );
  }
  const [row] = await ctx.db
    .insert(savedViews)
    .values({
      organizationId: ctx.actor.organizationId,
      userId: ctx.actor.userId,
      name: input.name,
      query,
      shared: input.shared,
    })
    .returning();
  if (!row) throw new Error('The saved view was not stored');
  return presentSavedView(ctx.actor, { ...row, makerName: ctx.actor.userName });
}
