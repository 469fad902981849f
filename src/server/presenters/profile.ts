import type { Profile } from '../../shared/api/profile';

/** The signed-in user's own profile; `pendingEmail` is an address change still waiting for its link. */
export function presentProfile(
  user: { name: string; email: string; avatarUrl: string | null; emailVerifiedAt: Date | null },
  pendingEmail: string | null,
): Profile {
  return {
    name: user.name,
    email: user.email,
    avatarUrl: user.avatarUrl,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: pendingEmail !== user.email ? pendingEmail : null,
  };
}
