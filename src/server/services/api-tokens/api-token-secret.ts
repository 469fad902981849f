import { randomBytes } from 'node:crypto';

/** Every token starts so: secret scanners and people recognise a Pactum token at a glance. */
export const apiTokenPrefix = 'pct_';
/** The prefix and 32 random bytes in base64url: nothing else is ever a token. */
export const apiTokenPattern = /^pct_[A-Za-z0-9_-]{43}$/;
/** How much of a token the list shows: the prefix and eight random characters. */
const shownLength = apiTokenPrefix.length + 8;

/** 256 random bits, handed to the admin once and never stored. */
export function newApiToken(): { token: string; shown: string } {
  const token = `${apiTokenPrefix}${randomBytes(32).toString('base64url')}`;
  return { token, shown: token.slice(0, shownLength) };
}
