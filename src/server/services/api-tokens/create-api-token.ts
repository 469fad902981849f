import {
  type CreateApiTokenInput,
  type CreatedApiToken,
  maxApiTokensPerOrganization,
} from '../../../shared/api/api-tokens';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { apiTokens } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { presentApiToken } from '../../presenters/api-token';
import { assertBelowOrganizationCap } from '../organizations/organization-cap';
import { hashSessionToken } from '../sessions/session-token';
import { queueSecurityNotice } from '../two-factor/queue-security-notice';
import { requireRecentSignIn } from '../two-factor/require-recent-sign-in';
import { newApiToken } from './api-token-secret';

/**
 * Makes a token for the actor's organization. The answer is the only time the token exists in
 * full: the database keeps its HMAC under SESSION_SECRET, exactly as for a session. A token
 * outlives every session, so it needs a recent sign-in, and its creator is mailed which token was
 * made, what it may do and until when.
 */
export async function createApiToken(
  ctx: ServiceContext<'secret'>,
  input: CreateApiTokenInput,
  now = clock.now(),
): Promise<CreatedApiToken> {
  const { db, actor, secret } = ctx;
  requireAdmin(actor, 'manage API tokens');
  await requireRecentSignIn(db, actor, 'to create an API token', now.getTime());
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError('INVALID_INPUT', 'The expiry must be in the future', 'expiresAt');
  }
  const { token, shown } = newApiToken();
  const row = await db.transaction(async (tx) => {
    await assertBelowOrganizationCap(tx, {
      organizationId: actor.organizationId,
      table: apiTokens,
      organizationColumn: apiTokens.organizationId,
      max: maxApiTokensPerOrganization,
      message: `An organization can have at most ${maxApiTokensPerOrganization} API tokens: revoke one first`,
    });
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        organizationId: actor.organizationId,
        createdByUserId: actor.userId,
        name: input.name,
        scope: input.scope,
        tokenHash: hashSessionToken(secret, token),
        prefix: shown,
        expiresAt,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('API token insert returned no row');
    await queueSecurityNotice(tx, actor, 'api-token-created', {
      detail: inserted.name,
      facts: { scope: inserted.scope, expiresAt: inserted.expiresAt?.toISOString() ?? '' },
    });
    return inserted;
  });
  return { ...presentApiToken(row, actor.userName), token };
}
