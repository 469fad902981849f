import { AppError } from '../../shared/errors';
import type { Actor } from '../actor';

/** Team and settings belong to admins; members get a 403 that says so. */
export function requireAdmin(actor: Actor, what: string): void {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', `Only an admin can ${what}`);
}
