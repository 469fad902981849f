import { z } from 'zod';
import { type MailFrame, renderMail } from '../mail-layout';
import type { ContractFacts } from './contract-facts';
import { defineMail } from './define-mail';

const daysWord = (days: string) => (days === '0' ? 'today' : days === '1' ? 'tomorrow' : `in ${days} days`);

/** To a contract's owner or watcher: one of its deadlines is near (the lead time they chose). */
export const deadlineReminder = defineMail({
  kind: 'deadline_reminder',
  params: z.object({ label: z.string(), dueOn: z.string(), daysLeft: z.string() }),
  compose: (facts: ContractFacts & { label: string; dueOn: string; daysLeft: string }) =>
    renderMail(facts, {
      subject: `${facts.label} of "${facts.contractTitle}" ${daysWord(facts.daysLeft)}`,
      lines: [
        `The ${facts.label.toLowerCase()} of "${facts.contractTitle}" is ${facts.dueOn}, ${daysWord(facts.daysLeft)}.`,
        'Open the contract to read its terms, or change who is reminded and when in your profile.',
      ],
      action: { label: 'Open the contract', url: facts.link },
    }),
});

export type DigestLine = { title: string; label: string; dueOn: string; daysLeft: number; link: string };

/** To a person who takes a daily digest: every reminder of theirs since the last one, in one message. */
export const deadlineDigest = defineMail({
  kind: 'deadline_digest',
  params: z.object({ userId: z.string(), at: z.string() }),
  compose: (facts: MailFrame & { lines: DigestLine[]; link: string }) =>
    renderMail(facts, {
      subject:
        facts.lines.length === 1
          ? `1 deadline coming up at ${facts.organizationName}`
          : `${facts.lines.length} deadlines coming up at ${facts.organizationName}`,
      lines: [
        'Deadlines of contracts you own or watch:',
        ...facts.lines.map(
          (line) =>
            `${line.dueOn} (${daysWord(String(line.daysLeft))}): ${line.label} of "${line.title}" — ${line.link}`,
        ),
      ],
      action: { label: 'Open the deadlines', url: facts.link },
    }),
});
