import type { ApiToken } from '../../shared/api/api-tokens';
import type { apiTokens } from '../db/schema';

type ApiTokenRow = Pick<
  typeof apiTokens.$inferSelect,
  'id' | 'name' | 'scope' | 'prefix' | 'createdAt' | 'lastUsedAt' | 'expiresAt'
>;

export function presentApiToken(row: ApiTokenRow, createdBy: string): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
