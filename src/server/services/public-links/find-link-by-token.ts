import { and, eq } from 'drizzle-orm';
import type { PublicLinkPage } from '../../../shared/api/public-links';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { contracts, organizations, type PublicLinkRow, publicLinks } from '../../db/schema';
import { hashLinkToken } from '../signing/link-token';
import { closedLinkError, linkStateOf, notFoundError, submissionCounts } from './link-state';
import { checkVisitorRole } from './visitor-role';

export type FoundLink = { link: PublicLinkRow; organizationName: string; templateTitle: string };

/** The link a token opens, its organization's name and its template's title; an unknown or turned-off one is a 404. */
export async function findLinkByToken(db: Database, token: string): Promise<FoundLink> {
  const [row] = await db
    .select({ link: publicLinks, organizationName: organizations.name, templateTitle: contracts.title })
    .from(publicLinks)
    .innerJoin(organizations, eq(organizations.id, publicLinks.organizationId))
    .innerJoin(
      contracts,
      and(eq(contracts.id, publicLinks.templateId), eq(contracts.organizationId, publicLinks.organizationId)),
    )
    .where(eq(publicLinks.tokenHash, hashLinkToken(token)));
  if (!row?.link.enabled) throw notFoundError();
  return row;
}

/** Refuses a link that may not take a submission now (expired, at a cap), in words for its visitor. */
export async function assertLinkOpen(db: Database, link: PublicLinkRow, now = clock.now()): Promise<void> {
  const refusal = closedLinkError(linkStateOf(link, await submissionCounts(db, link.id, now), now));
  if (refusal) throw refusal;
}

/**
 * The visitor's role and the addresses of the template's other roles, or the refusal of a link
 * whose template changed so that a visitor can no longer sign it.
 */
export async function visitorRoleOf(
  db: Database,
  found: FoundLink,
): Promise<{ roleName: string; otherEmails: string[] }> {
  try {
    return await checkVisitorRole(db, found.link.templateId, found.link.roleNumber);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    throw new AppError(
      'CONTRACT_NOT_SENDABLE',
      `This link cannot take submissions now: its document was changed. Let ${found.organizationName} know.`,
    );
  }
}

/** What the visitor's page shows before they give their name. */
export async function getPublicLinkPage(db: Database, token: string): Promise<PublicLinkPage> {
  const found = await findLinkByToken(db, token);
  await assertLinkOpen(db, found.link);
  return {
    organizationName: found.organizationName,
    templateTitle: found.templateTitle,
    roleName: (await visitorRoleOf(db, found)).roleName,
    requireEmailCode: found.link.requireEmailCode,
  };
}
