import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { jobTimeout } from './waits';

/** Where playwright.config.ts sends the shared server's log (its port names it). */
const logPath = join(tmpdir(), `pactum-e2e-${Number(process.env.E2E_PORT ?? 3100)}.log`);

/** What this worker has read of the log so far: the links by address, oldest first. */
const links = new Map<string, string[]>();
let readUpTo = 0;

/** Reads only what the server appended since the last call, up to its last whole line. */
async function readNewLines(): Promise<void> {
  const file = await open(logPath, 'r').catch(() => null);
  if (!file) return;
  try {
    const { size } = await file.stat();
    if (size < readUpTo) readUpTo = 0; // a new server started: a new log
    if (size === readUpTo) return;
    const buffer = Buffer.alloc(size - readUpTo);
    await file.read(buffer, 0, buffer.length, readUpTo);
    const end = buffer.lastIndexOf('\n');
    if (end < 0) return;
    readUpTo += end + 1;
    for (const line of buffer.subarray(0, end).toString('utf8').split('\n')) {
      if (!line.includes('"link"')) continue;
      const entry = JSON.parse(line) as { to?: string; link?: string };
      if (!entry.to || !entry.link) continue;
      links.set(entry.to, [...(links.get(entry.to) ?? []), new URL(entry.link).pathname]);
    }
  } finally {
    await file.close();
  }
}

/** Where a link that lets its recipient act leads: what the outbox never shows. */
export type AccessLinkKind = 'confirm-email' | 'sign' | 'review' | 'invitations' | 'reset-password';

/**
 * The path of the newest link of that kind the shared server delivered to the address, other
 * than those given: in demo mode, without SMTP, the outbox mailer logs it (and nothing else
 * does; the outbox shows the mail without it). Waits for the mail job.
 */
export async function accessLinkFor(
  email: string,
  kind: AccessLinkKind,
  notThese: string[] = [],
): Promise<string> {
  let link = '';
  const pattern = new RegExp(`^/${kind}/[A-Za-z0-9_-]{43}$`);
  await expect
    .poll(
      async () => {
        await readNewLines();
        link =
          (links.get(email) ?? [])
            .filter((candidate) => pattern.test(candidate) && !notThese.includes(candidate))
            .at(-1) ?? '';
        return link;
      },
      { ...jobTimeout, intervals: [100, 200, 250] },
    )
    .toMatch(pattern);
  return link;
}

/** The newest /confirm-email/ link delivered to the address, other than those given. */
export const confirmationLinkFor = (email: string, notThese: string[] = []) =>
  accessLinkFor(email, 'confirm-email', notThese);

/** The token at the end of a /confirm-email/{token} path. */
export const tokenOf = (path: string) => path.split('/').at(-1) ?? '';
