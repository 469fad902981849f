import { formatUtc } from '../../pdf/pdf-text';

type SignerFacts = { name: string; email: string; accessCodeHash: string | null; requireEmailCode: boolean };
type HistoryFacts = { action: string; userName: string; timestamp: Date };

/**
 * One line for the certificate of completion: what identified the signer and how each check
 * was passed, from the signer's settings and their own history entries, e.g. "link e-mailed to
 * a@b.c; access code entered 2026-01-02 10:00:00 UTC; one-time code e-mailed to a@b.c,
 * confirmed 2026-01-02 10:01:00 UTC".
 */
export function authenticationSummary(signer: SignerFacts, events: readonly HistoryFacts[]): string {
  const author = `${signer.name} (${signer.email})`;
  const lastOf = (action: string) =>
    events.filter((event) => event.action === action && event.userName === author).at(-1)?.timestamp;
  const parts = [`link e-mailed to ${signer.email}`];
  if (signer.accessCodeHash !== null) {
    const at = lastOf('access_code_entered');
    parts.push(at ? `access code entered ${formatUtc(at)}` : 'access code required');
  }
  if (signer.requireEmailCode) {
    const at = lastOf('email_code_confirmed');
    parts.push(
      `one-time code e-mailed to ${signer.email}${at ? `, confirmed ${formatUtc(at)}` : ' (required)'}`,
    );
  }
  return parts.join('; ');
}
