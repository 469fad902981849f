import type { ApiToken } from '../../shared/api/api-tokens';
import type { ApiTokenRow } from '../db/schema';

type ListedApiToken = Pick<
  ApiTokenRow,
  'id' | 'name' | 'scope' | 'prefix' | 'createdAt' | 'lastUsedAt' | 'expiresAt'
>;

export function presentApiToken(row: ListedApiToken, createdBy: string): ApiToken {
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
