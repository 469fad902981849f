import { asc, eq } from 'drizzle-orm';
import type { TwoFactorStatus } from '../../../shared/api/two-factor';
import type { ServiceContext } from '../../context';
import { organizations, passkeys, users } from '../../db/schema';
import { presentTwoFactorStatus } from '../../presenters/two-factor';
import { countRecoveryCodesLeft } from './recovery-codes';

/** What the profile's Security section shows: the app, the passkeys, the codes left. */
export async function getTwoFactorStatus(ctx: ServiceContext): Promise<TwoFactorStatus> {
  const { db, actor } = ctx;
  const [user] = await db
    .select({ enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, actor.userId));
  const [organization] = await db
    .select({ required: organizations.requireTwoFactor })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId));
  const rows = await db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return presentTwoFactorStatus({
    totpEnabledAt: user?.enabledAt ?? null,
    passkeys: rows,
    recoveryCodesLeft: await countRecoveryCodesLeft(db, actor.userId),
    requiredByOrganization: organization?.required ?? false,
  });
}
