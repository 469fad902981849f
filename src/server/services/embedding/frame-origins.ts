import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  contracts,
  organizations,
  publicLinkSubmissions,
  publicLinks,
  signers,
  signingLinks,
} from '../../db/schema';
import { hashLinkToken } from '../signing/link-token';

/**
 * Which web origins may frame an embedded page, by the token in its path: an embed signing
 * link's, those of its organization and, for a contract a public link made, those of that link;
 * a public link's, its own (while it is on). Anything else: none.
 */
export async function frameOriginsOf(db: Database, page: 'sign' | 'link', token: string): Promise<string[]> {
  const hash = hashLinkToken(token);
  if (page === 'link') {
    const [link] = await db
      .select({ origins: publicLinks.embedOrigins })
      .from(publicLinks)
      .where(and(eq(publicLinks.tokenHash, hash), eq(publicLinks.enabled, true)));
    return link?.origins ?? [];
  }
  const [found] = await db
    .select({ contractId: contracts.id, origins: organizations.embedOrigins })
    .from(signingLinks)
    .innerJoin(signers, eq(signers.id, signingLinks.signerId))
    .innerJoin(contracts, eq(contracts.id, signers.contractId))
    .innerJoin(organizations, eq(organizations.id, contracts.organizationId))
    .where(and(eq(signingLinks.tokenHash, hash), eq(signingLinks.purpose, 'embed')));
  if (!found) return [];
  const [submitted] = await db
    .select({ origins: publicLinks.embedOrigins })
    .from(publicLinkSubmissions)
    .innerJoin(publicLinks, eq(publicLinks.id, publicLinkSubmissions.linkId))
    .where(eq(publicLinkSubmissions.contractId, found.contractId));
  return [...found.origins, ...(submitted?.origins ?? [])];
}
