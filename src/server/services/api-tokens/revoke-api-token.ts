import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { apiTokens } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';

/**
 * Revokes a token by deleting its row: its next request finds no hash and is answered like any
 * unknown token.
 */
export async function revokeApiToken(ctx: ServiceContext, id: string): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'manage API tokens');
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.organizationId, actor.organizationId)))
    .returning({ id: apiTokens.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'API token not found');
}
