import type { SavedView } from '../../shared/api/search';
import type { Actor } from '../actor';
import type { SavedViewRow } from '../db/schema';
import { mayChangeView } from '../policies/saved-views';

export function presentSavedView(actor: Actor, row: SavedViewRow & { makerName: string }): SavedView {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    shared: row.shared,
    mine: row.userId === actor.userId,
    makerName: row.makerName,
    canDelete: mayChangeView(actor, row),
    createdAt: row.createdAt.toISOString(),
  };
}
