import type { Actor } from '../../actor';
import type { HistoryAuthor } from './append-history';

export function authorOf(actor: Actor): HistoryAuthor {
  return { userId: actor.userId, userName: actor.userName, ip: actor.ip, userAgent: actor.userAgent };
}
