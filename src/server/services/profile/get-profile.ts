import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Profile } from '../../../shared/api/profile';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { emailVerifications, users } from '../../db/schema';
import { presentProfile } from '../../presenters/profile';

/** The signed-in user's own name, e-mail (whether confirmed, and any change waiting for its link) and avatar. */
export async function getProfile(ctx: ServiceContext, now = clock.now()): Promise<Profile> {
  const { db, actor } = ctx;
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!row) throw new AppError('NOT_FOUND', 'Account not found');
  const [pending] = await db
    .select({ email: emailVerifications.email })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, actor.userId),
        eq(emailVerifications.purpose, 'email-change'),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, now),
      ),
    )
    .orderBy(desc(emailVerifications.createdAt))
    .limit(1);
  return presentProfile(row, pending?.email ?? null);
}
