import { and, eq, or } from 'drizzle-orm';
import type { Actor } from '../actor';
import { type SavedViewRow, savedViews } from '../db/schema';

/**
 * Which saved views a person sees: their own and the ones shared with their organization (only
 * within the organization the view was made in). Another's private view, or another
 * organization's, is simply not found.
 */
export const visibleViews = (actor: Actor) =>
  and(
    eq(savedViews.organizationId, actor.organizationId),
    or(eq(savedViews.userId, actor.userId), eq(savedViews.shared, true)),
  );

/** A view is renamed, shared or deleted by its maker; a shared one by an admin too. */
export const mayChangeView = (actor: Actor, view: Pick<SavedViewRow, 'userId' | 'shared'>) =>
  view.userId === actor.userId || (view.shared && actor.role === 'admin');
