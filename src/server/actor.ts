import type { Role } from '../shared/api/auth';

/** Who is acting, in which organization, and from where: every service takes one. */
export type Actor = {
  userId: string;
  userName: string;
  email: string;
  avatarUrl: string | null;
  organizationId: string;
  organizationName: string;
  role: Role;
  sessionId: string;
  ip: string | null;
  userAgent: string | null;
  /**
   * The organization requires two-factor sign-in and this person has not set it up: the session
   * may only do that (and sign out) until they have.
   */
  twoFactorSetupRequired?: boolean;
};
