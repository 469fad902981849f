import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { createAccount } from './create-account';
import { type ProviderIdentity, ProviderSignInError } from './identity-providers';

/**
 * The account a provider's identity signs in to: the one with that e-mail (only when the provider
 * vouches that the address is verified, so nobody can claim another person's account, and only
 * when the account's owner proved it too), or a new one with an organization of its own, like a
 * sign-up.
 */
export async function accountForIdentity(
  db: Database,
  identity: ProviderIdentity,
): Promise<{ userId: string; organizationId: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        userId: users.id,
        organizationId: memberships.organizationId,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.email, identity.email))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    if (existing) {
      if (!identity.emailVerified) {
        throw new ProviderSignInError('unverified');
      }
      // Whoever made this account never proved the address: it may be someone who registered
      // another person's e-mail in advance, waiting for them to sign in with Google (pre-takeover).
      if (!existing.emailVerifiedAt) throw new ProviderSignInError('account_unverified');
      return { userId: existing.userId, organizationId: existing.organizationId, created: false };
    }
    const account = await createAccount(tx, {
      name: identity.name,
      email: identity.email,
      passwordHash: null,
      organizationName: `${identity.name}'s organization`.slice(0, 100),
      // The provider vouches for the address (or the account says it was never proved).
      emailVerifiedAt: identity.emailVerified ? new Date() : null,
    });
    return { ...account, created: true };
  });
}
