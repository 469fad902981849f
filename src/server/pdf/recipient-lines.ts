import type { RecipientRecord } from '../../shared/recipients/record';
import { formatUtc } from './pdf-text';

/**
 * A recipient as the certificate of completion's "Recipients" section prints them: who, then
 * their role, group and what they did, then what changed on the way. Formats only what it is
 * given (the seal builds the record).
 */
export function recipientLines(recipient: RecipientRecord): { head: string; lines: string[] } {
  const head = `${recipient.number}. ${recipient.name || 'Not named'}${recipient.email ? ` <${recipient.email}>` : ''}`;
  const role = `${recipient.role}${recipient.group === null ? '' : `, group ${recipient.group}`}`;
  const lines = [`${role}: ${partOf(recipient)}`];
  if (recipient.witnessOf && recipient.outcome !== 'witnessed')
    lines.push(`Witness to ${recipient.witnessOf}`);
  if (recipient.namedBy) lines.push(`Named by ${recipient.namedBy}`);
  if (recipient.delegatedFrom) lines.push(`Acting for ${recipient.delegatedFrom}, who delegated to them`);
  for (const correction of recipient.corrections)
    lines.push(
      `Corrected from ${correction.from} to ${correction.to} by ${correction.by}, ${formatUtc(correction.at)}`,
    );
  return { head, lines };
}

const when = (at: Date | null) => (at ? ` ${formatUtc(at)}` : '');

function partOf(recipient: RecipientRecord): string {
  switch (recipient.outcome) {
    case 'witnessed':
      return `witnessed ${recipient.witnessOf ?? 'a signature'}${when(recipient.at)}`;
    case 'copied':
      return `copied (CC)${recipient.at ? `, notified ${formatUtc(recipient.at)}` : ''}`;
    case 'declined':
    case 'rejected':
      return `${recipient.outcome}${when(recipient.at)}: ${recipient.reason ?? 'no reason given'}`;
    case 'delegated': {
      const to = recipient.delegatedTo;
      return to
        ? `delegated to ${to.name} <${to.email}> ${formatUtc(to.at)}: ${to.reason}`
        : `delegated${when(recipient.at)}`;
    }
    case 'not done':
      return 'did not act';
    default:
      return `${recipient.outcome}${when(recipient.at)}`;
  }
}
