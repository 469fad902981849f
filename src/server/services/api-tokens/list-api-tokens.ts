import { desc, eq } from 'drizzle-orm';
import type { ApiTokenList } from '../../../shared/api/api-tokens';
import type { ServiceContext } from '../../context';
import { apiTokens, users } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { presentApiToken } from '../../presenters/api-token';

/** The organization's tokens, newest first (capped per organization, so one page). */
export async function listApiTokens(ctx: ServiceContext): Promise<ApiTokenList> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'manage API tokens');
  const rows = await db
    .select({ token: apiTokens, createdBy: users.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdByUserId))
    .where(eq(apiTokens.organizationId, actor.organizationId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return { items: rows.map((row) => presentApiToken(row.token, row.createdBy)) };
}
