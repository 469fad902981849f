import { safeNextPath as safeNextPathOn } from '../../shared/next-path';

/** Where to go after signing in or up: a path on this site only (see shared/next-path). */
export function safeNextPath(next: string | null): string {
  return safeNextPathOn(next, window.location.origin);
}
