import type { Actor } from '../../actor';
import type { HistoryAuthor } from './append-history';

export function authorOf(actor: Actor): HistoryAuthor {
  return { userId: actor.userId, userName: actor.userName, ip: actor.ip, userAgent: actor.userAgent };
}

/** Events no person caused directly: expiry, sealing, mail delivery. */
export const systemAuthor: HistoryAuthor = { userId: null, userName: 'Pactum', ip: null, userAgent: null };
