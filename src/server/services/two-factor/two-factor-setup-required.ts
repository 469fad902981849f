import { sql } from 'drizzle-orm';
import { organizations, passkeys, users } from '../../db/schema';

/**
 * The organization requires a second factor and the person has none yet, as a column of a
 * lookup that joins `users` and `organizations`: every session's and every API token's (for the
 * admin who made it). Computed per request, so turning the requirement on applies at once to what
 * is already open, and setting up a second factor lifts it at once.
 */
export const twoFactorSetupRequired = sql<boolean>`(${organizations.requireTwoFactor} and ${users.totpEnabledAt} is null and not exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`;
