import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { memberships, organizations, users } from '../../db/schema';

/**
 * A member as they act now, for work done in their name without their request (a bulk send's
 * rows, a public link's submissions): a member of the organization, with their role there; null
 * when they are no longer one.
 */
export async function memberActor(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<Actor | null> {
  const [member] = await db
    .select({
      userId: users.id,
      userName: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
      organizationId: organizations.id,
      organizationName: organizations.name,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)));
  return member ? { ...member, sessionId: '', ip: null, userAgent: null } : null;
}
