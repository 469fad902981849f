import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { apiTokens, memberships, organizations, users } from '../../db/schema';
import { hashSessionToken } from '../sessions/session-token';
import { twoFactorSetupRequired } from '../two-factor/two-factor-setup-required';
import { apiTokenPattern } from './api-token-secret';

// Runs on every token request: prepared once, one round trip, found by the unique hash index.
const tokenActor = preparedOnce((db) =>
  db
    .select({
      tokenId: apiTokens.id,
      tokenName: apiTokens.name,
      scope: apiTokens.scope,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      userName: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
      organizationId: organizations.id,
      organizationName: organizations.name,
      role: memberships.role,
      // The organization requires a second factor of its members and the token's creator has
      // none: the token is refused (403) until they set one up, as their session would be.
      twoFactorSetupRequired,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdByUserId))
    .innerJoin(organizations, eq(organizations.id, apiTokens.organizationId))
    // A token acts with its creator's rights, so it works only while they are still an admin
    // there: demoting or removing them is enough to stop every token they made.
    .innerJoin(
      memberships,
      and(
        eq(memberships.userId, apiTokens.createdByUserId),
        eq(memberships.organizationId, apiTokens.organizationId),
        eq(memberships.role, 'admin'),
      ),
    )
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql.placeholder('now'))),
      ),
    )
    .limit(1)
    .prepare('find_api_token_actor'),
);

/** How stale a token's last use may get before a request writes it again. */
export const lastUsedEveryMs = 60_000;

/**
 * The actor behind a Bearer token: the organization, through the admin who created the token
 * (the owner of what it creates), named after the token in history. Null for anything that is
 * not a live token: malformed, unknown, revoked, expired, or its creator no longer an admin. A
 * live token whose creator lacks the second factor the organization requires is found, marked
 * `twoFactorSetupRequired`, and refused where sessions are (`admit` in plugins/authentication.ts).
 * The token is only ever compared as its keyed hash, through an index, so how long the answer
 * takes says nothing about how close a guess was.
 */
export async function findTokenActor(
  db: Database,
  input: { secret: string; token: string; ip: string | null; userAgent: string | null },
  now = clock.now(),
): Promise<Actor | null> {
  if (!apiTokenPattern.test(input.token)) return null;
  const [row] = await tokenActor(db).execute({
    tokenHash: hashSessionToken(input.secret, input.token),
    now,
  });
  if (!row) return null;
  const { tokenId, tokenName, scope, lastUsedAt, ...person } = row;
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() >= lastUsedEveryMs) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId));
  }
  return {
    ...person,
    sessionId: '',
    apiToken: { id: tokenId, name: tokenName, scope },
    ip: input.ip,
    userAgent: input.userAgent,
  };
}
