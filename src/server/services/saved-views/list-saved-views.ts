import { and, desc, eq } from 'drizzle-orm';
import type { SavedView } from '../../../shared/api/search';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { savedViews, users } from '../../db/schema';
import { visibleViews } from '../../policies/saved-views';
import { presentSavedView } from '../../presenters/saved-view';

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

/** A view the actor sees (their own, or shared in their organization), with its maker's name. */
export async function findVisibleView(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db
    .select(withMaker)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.userId))
    .where(and(eq(savedViews.id, id), visibleViews(ctx.actor)));
  if (!row) throw new AppError('NOT_FOUND', 'No such saved view');
  return { ...row.view, makerName: row.makerName };
}
