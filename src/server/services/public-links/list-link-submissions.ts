import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { PublicLinkSubmission } from '../../../shared/api/public-links';
import type { ServiceContext } from '../../context';
import { contracts, publicLinkSubmissions } from '../../db/schema';
import { findOwnPublicLink } from '../../policies/scope';
import { decodeCursor, encodeCursor } from '../contracts/cursor';

/** A link's submissions, newest first, each with its contract's title and status. */
export async function listLinkSubmissions(
  ctx: ServiceContext,
  linkId: string,
  page: { cursor?: string; limit: number },
): Promise<{ items: PublicLinkSubmission[]; nextCursor: string | null }> {
  const { db, actor } = ctx;
  const link = await findOwnPublicLink(db, actor, linkId);
  const after = page.cursor ? decodeCursor(page.cursor, 'created') : null;
  const rows = await db
    .select({
      id: publicLinkSubmissions.id,
      visitorName: publicLinkSubmissions.visitorName,
      visitorEmail: publicLinkSubmissions.visitorEmail,
      createdAt: publicLinkSubmissions.createdAt,
      contractId: contracts.id,
      title: contracts.title,
      status: contracts.status,
    })
    .from(publicLinkSubmissions)
    // The contract stays in the link's organization; the join says so again.
    .leftJoin(
      contracts,
      and(
        eq(contracts.id, publicLinkSubmissions.contractId),
        eq(contracts.organizationId, link.organizationId),
      ),
    )
    .where(
      and(
        eq(publicLinkSubmissions.linkId, link.id),
        after
          ? or(
              lt(publicLinkSubmissions.createdAt, new Date(after.key)),
              and(
                eq(publicLinkSubmissions.createdAt, new Date(after.key)),
                lt(publicLinkSubmissions.id, after.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(publicLinkSubmissions.createdAt), desc(publicLinkSubmissions.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit).map((row) => ({
    id: row.id,
    visitorName: row.visitorName,
    visitorEmail: row.visitorEmail,
    createdAt: row.createdAt.toISOString(),
    contract:
      row.contractId && row.title !== null && row.status !== null
        ? { id: row.contractId, title: row.title, status: row.status }
        : null,
  }));
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > page.limit && last
        ? encodeCursor({ sort: 'created', key: last.createdAt, id: last.id })
        : null,
  };
}
