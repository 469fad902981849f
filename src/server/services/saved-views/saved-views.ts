import { and, count, desc, eq } from 'drizzle-orm';
import type { SavedView } from '../../../shared/api/search';
import { AppError } from '../../../shared/errors';
import { searchLimits } from '../../../shared/limits';
import type { ServiceContext } from '../../context';
import { savedViews, users } from '../../db/schema';
import { mayChangeView, visibleViews } from '../../policies/saved-views';
import { presentSavedView } from '../../presenters/saved-view';
import { savedQueryOf } from './view-query';

const withMaker = { view: savedViews, makerName: users.name };

/** My saved views and my organization's shared ones, newest first. */
export async function listSavedViews(ctx: ServiceContext): Promise<SavedView[]> {
  const rows = await ctx.db
    .select(withMaker)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.userId))
    .where(visibleViews(ctx.actor))
    .orderBy(desc(savedViews.createdAt), desc(savedViews.id));
  return rows.map((row) => presentSavedView(ctx.actor, { ...row.view, makerName: row.makerName }));
}

async function findVisibleView(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db
    .select(withMaker)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.userId))
    .where(and(eq(savedViews.id, id), visibleViews(ctx.actor)));
  if (!row) throw new AppError('NOT_FOUND', 'No such saved view');
  return { ...row.view, makerName: row.makerName };
}

function requireChange(ctx: ServiceContext, view: { userId: string; shared: boolean }, what: string) {
  if (!mayChangeView(ctx.actor, view)) {
    throw new AppError('FORBIDDEN', `Only the person who saved this view, or an admin, can ${what} it`);
  }
}

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

/** Renames or (un)shares a view: its maker, or an admin for a shared one. */
export async function updateSavedView(
  ctx: ServiceContext,
  id: string,
  input: { name?: string; shared?: boolean },
): Promise<SavedView> {
  const view = await findVisibleView(ctx, id);
  requireChange(ctx, view, 'change');
  const [row] = await ctx.db
    .update(savedViews)
    .set({ name: input.name ?? view.name, shared: input.shared ?? view.shared, updatedAt: new Date() })
    .where(eq(savedViews.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'No such saved view');
  return presentSavedView(ctx.actor, { ...row, makerName: view.makerName });
}

/** Deletes a view: its maker, or an admin for a shared one. */
export async function deleteSavedView(ctx: ServiceContext, id: string): Promise<void> {
  const view = await findVisibleView(ctx, id);
  requireChange(ctx, view, 'delete');
  await ctx.db.delete(savedViews).where(eq(savedViews.id, id));
}
