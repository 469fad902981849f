import { eq } from 'drizzle-orm';
import type { SavedView } from '../../../shared/api/search';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { savedViews } from '../../db/schema';
import { mayChangeView } from '../../policies/saved-views';
import { presentSavedView } from '../../presenters/saved-view';
import { findVisibleView } from './list-saved-views';

function requireChange(ctx: ServiceContext, view: { userId: string; shared: boolean }, what: string) {
  if (!mayChangeView(ctx.actor, view)) {
    throw new AppError('FORBIDDEN', `Only the person who saved this view, or an admin, can ${what} it`);
  }
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
