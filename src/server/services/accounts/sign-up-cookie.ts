import { uuidPattern } from '../../../shared/uuid';
import * as clock from '../../clock';
import { openValue, sealValue } from '../sessions/signed-value';
import { emailVerificationMs } from './email-verification';

/** As long as the link it stands beside. */
export const signUpCookieTtlMs = emailVerificationMs;
/** The latest sign-ups one browser asked for that it still vouches for (a typo, then the right address). */
const keptIds = 5;

/**
 * Names the pending sign-ups this browser asked for, signed so it can carry them but not change
 * them: opening a confirmation link in the same browser needs no password. `earlier` is the
 * cookie the browser already had; its names are kept, newest last.
 */
export function sealSignUps(
  secret: string,
  id: string,
  earlier: string | undefined,
  now = clock.nowMs(),
): string {
  const ids = [...openSignUps(secret, earlier, now).filter((known) => known !== id), id].slice(-keptIds);
  return sealValue(secret, 'sign-up', { ids, expires: now + signUpCookieTtlMs });
}

/** The pending sign-ups the cookie names, if it is genuine and not older than a day; none otherwise. */
export function openSignUps(secret: string, value: string | undefined, now = clock.nowMs()): string[] {
  const opened = openValue(secret, 'sign-up', value, 1000);
  if (!opened) return [];
  const parsed = opened as {
    ids?: unknown;
    expires?: unknown;
  };
  if (typeof parsed.expires !== 'number' || parsed.expires < now || !Array.isArray(parsed.ids)) return [];
  return parsed.ids.filter((id): id is string => typeof id === 'string' && uuidPattern.test(id));
}
