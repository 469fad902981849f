import { and, eq } from 'drizzle-orm';
import type { SigningLinkPurpose } from '../../../shared/enums';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { signingLinks } from '../../db/schema';
import type { SigningLink } from './signing-cookie';

/**
 * What a link that no longer works answers (an unknown token, or one a reminder or a newer
 * download link retired), and so does every session opened with it.
 */
export function invalidLinkError(): AppError {
  return new AppError('NOT_FOUND', 'This signing link is not valid. Use the whole link from your e-mail.');
}

/** What an expired link answers (a download link past its date, an embed link past its minutes), and every session opened with it. */
export function expiredLinkError(link: StoredLink): AppError {
  if (link.purpose === 'embed') return embedLinkClosedError();
  return new AppError(
    'SIGNING_LINK_EXPIRED',
    `This download link expired on ${link.expiresAt?.toUTCString()}. Ask the sender to send you the signed PDF again.`,
  );
}

/** What an embed link answers once it has opened its session, or after its minutes. */
export function embedLinkClosedError(): AppError {
  return new AppError(
    'SIGNING_LINK_EXPIRED',
    'This signing page has expired or was already opened. Go back to where you started signing to open it again.',
  );
}

/** What a download link answers for anything but the sealed PDF. */
export function downloadOnlyError(): AppError {
  return new AppError(
    'FORBIDDEN',
    'This link only downloads the signed PDF; it cannot open or change anything else. Use the link from your invitation for that.',
  );
}

/** A stored link's row as the checks need it. */
export type StoredLink = { purpose: SigningLinkPurpose; expiresAt: Date | null };

/** Refuses a link that has expired (a download link past its date), with the answer it gives. */
export function assertUnexpired(link: StoredLink, now = clock.now()): void {
  if (link.expiresAt && link.expiresAt <= now) throw expiredLinkError(link);
}

async function storedLink(db: Database, { signerId, linkId }: SigningLink): Promise<StoredLink | undefined> {
  const [found] = await db
    .select({ purpose: signingLinks.purpose, expiresAt: signingLinks.expiresAt })
    .from(signingLinks)
    .where(and(eq(signingLinks.id, linkId), eq(signingLinks.signerId, signerId)));
  return found;
}

/**
 * Whether the link is still one of the signer's and has not expired: a reminder that lifts a
 * lock deletes the earlier ones, a newer download link the earlier download links.
 */
export async function isLiveLink(db: Database, link: SigningLink, now = clock.now()): Promise<boolean> {
  const found = await storedLink(db, link);
  return found !== undefined && !(found.expiresAt && found.expiresAt <= now);
}

/**
 * Refuses a session whose link was retired or has expired, with the answer the link itself now
 * gives; answers what the link is for.
 */
export async function assertLiveLink(db: Database, link: SigningLink): Promise<SigningLinkPurpose> {
  const found = await storedLink(db, link);
  if (!found) throw invalidLinkError();
  assertUnexpired(found);
  return found.purpose;
}
