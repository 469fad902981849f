import { and, eq, isNull } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { signingLinks } from '../../db/schema';
import { newLinkToken } from '../signing/link-token';
import { signingCookieTtlMs } from '../signing/signing-cookie';
import { embedLinkClosedError } from '../signing/signing-link';

/** How long an embed link may wait to be opened: the app that asked for it shows it at once. */
export const embedLinkTtlMs = 10 * 60 * 1000;

/**
 * A link for signing inside another web app (an API client's page, or a public link's): 256
 * bits, kept only as its SHA-256, good for ten minutes and for one session. Its holder is the
 * recipient the app shows the page to; nobody is e-mailed.
 */
export async function newEmbedLink(
  db: Database,
  signerId: string,
  now = clock.now(),
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + embedLinkTtlMs);
  await db.insert(signingLinks).values({ signerId, tokenHash: hash, purpose: 'embed', expiresAt });
  return { token, expiresAt };
}

/**
 * Marks an embed link opened, in the transaction that opens its session: the session it opens
 * lives its hour (the link's expiry moves to the session's end), and no other is opened with it.
 * Of two openings at once, the second finds it used.
 */
export async function openEmbedLinkOnce(tx: Database, linkId: string, now = clock.now()): Promise<void> {
  const [opened] = await tx
    .update(signingLinks)
    .set({ usedAt: now, expiresAt: new Date(now.getTime() + signingCookieTtlMs) })
    .where(and(eq(signingLinks.id, linkId), isNull(signingLinks.usedAt)))
    .returning({ id: signingLinks.id });
  if (!opened) throw embedLinkClosedError();
}
