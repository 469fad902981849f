import { createHash, randomBytes } from 'node:crypto';
import type { InvitationState } from '../../../shared/api/team';
import * as clock from '../../clock';
import type { InvitationRow } from '../../db/schema';

/** How long an invitation's link works after the invitation is made. */
export const invitationValidityMs = 7 * 24 * 60 * 60 * 1000;

/** The only form of an invitation token the database keeps. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits for one invitation e-mail, and the hash stored in their place. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

type StateFields = Pick<InvitationRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>;

/**
 * What an invitation's link leads to. One that expired before it was revoked (an admin invited
 * the person again, or cleared it from the list) still says it expired.
 */
export function invitationStateOf(row: StateFields, now = clock.now()): InvitationState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt && row.revokedAt < row.expiresAt) return 'revoked';
  if (row.expiresAt <= now) return 'expired';
  return 'valid';
}

/** Why a link that is not valid any more cannot be accepted. */
export const closedInvitationMessages: Record<Exclude<InvitationState, 'valid'>, string> = {
  expired: 'This invitation has expired. Ask an admin of the organization to invite you again.',
  revoked: 'This invitation was withdrawn by an admin of the organization.',
  accepted: 'This invitation has already been accepted.',
};
