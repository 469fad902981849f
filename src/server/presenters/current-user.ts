import type { CurrentUser } from '../../shared/api/auth';
import type { Actor } from '../actor';

export function presentCurrentUser(actor: Actor): CurrentUser {
  return {
    id: actor.userId,
    name: actor.userName,
    email: actor.email,
    avatarUrl: actor.avatarUrl,
    role: actor.role,
    organization: { id: actor.organizationId, name: actor.organizationName },
    twoFactorSetupRequired: actor.twoFactorSetupRequired === true,
  };
}
