import type { ApiTokenScope } from '../shared/api/api-tokens';
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
  /** The session of a person signed in; empty for an API token, which never reaches session routes. */
  sessionId: string;
  /**
   * Set when an organization API token (Bearer) makes the request: the user above is the admin
   * who created it, history names the token, and `read` tokens only read.
   */
  apiToken?: { id: string; name: string; scope: ApiTokenScope };
  ip: string | null;
  userAgent: string | null;
  /**
   * The organization requires two-factor sign-in and this person has not set it up: the session
   * may only do that (and sign out) until they have.
   */
  twoFactorSetupRequired?: boolean;
};
