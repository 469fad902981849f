import type { Actor } from '../../actor';
import type { HistoryAuthor } from '../lifecycle/append-history';

/** Who a history entry names: the person, or the API token that acted for the organization. */
export function authorOf(actor: Actor): HistoryAuthor {
  const userName = actor.apiToken ? `API token ${actor.apiToken.name}` : actor.userName;
  return { userId: actor.userId, userName, ip: actor.ip, userAgent: actor.userAgent };
}

/** Events no person caused directly: expiry, sealing, mail delivery. */
export const systemAuthor: HistoryAuthor = { userId: null, userName: 'Pactum', ip: null, userAgent: null };
