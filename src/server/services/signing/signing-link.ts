import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { signingLinks } from '../../db/schema';
import type { SigningLink } from './signing-cookie';

/**
 * What a link that no longer works answers (an unknown token, or one a reminder retired), and
 * so does every session opened with it.
 */
export function invalidLinkError(): AppError {
  return new AppError('NOT_FOUND', 'This signing link is not valid. Use the whole link from your e-mail.');
}

/** Whether the link is still one of the signer's: a reminder that lifts a lock deletes the earlier ones. */
export async function isLiveLink(db: Database, { signerId, linkId }: SigningLink): Promise<boolean> {
  const [found] = await db
    .select({ id: signingLinks.id })
    .from(signingLinks)
    .where(and(eq(signingLinks.id, linkId), eq(signingLinks.signerId, signerId)));
  return found !== undefined;
}

/** Refuses a session whose link was retired, with the answer the link itself now gives. */
export async function assertLiveLink(db: Database, link: SigningLink): Promise<void> {
  if (!(await isLiveLink(db, link))) throw invalidLinkError();
}
