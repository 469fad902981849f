import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { memberships, organizations, users } from '../../db/schema';

/**
 * A new person with a new organization of which they are the admin: what a confirmed sign-up
 * makes, and a first sign-in with Google or Microsoft. Run inside the caller's transaction.
 */
export async function createAccount(
  tx: Database,
  input: {
    name: string;
    email: string;
    passwordHash: string | null;
    organizationName: string;
    /** When the person proved the address is theirs; null only when nobody has yet. */
    emailVerifiedAt: Date | null;
  },
): Promise<{ userId: string; organizationId: string }> {
  const now = new Date();
  const [organization] = await tx
    .insert(organizations)
    .values({ name: input.organizationName, createdAt: now, updatedAt: now })
    .returning({ id: organizations.id });
  const [user] = await tx
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      passwordHash: input.passwordHash,
      emailVerifiedAt: input.emailVerifiedAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // A concurrent sign-up with the same e-mail won the race.
  if (!organization || !user)
    throw new AppError('EMAIL_TAKEN', 'An account with this email already exists', 'email');
  await tx
    .insert(memberships)
    .values({ organizationId: organization.id, userId: user.id, role: 'admin', createdAt: now });
  return { userId: user.id, organizationId: organization.id };
}
