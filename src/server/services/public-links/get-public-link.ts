import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PublicLink } from '../../../shared/api/public-links';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { type PublicLinkRow, publicLinkSubmissions, publicLinks, users } from '../../db/schema';
import { findOwnContract, findOwnPublicLink, ownPublicLinks } from '../../policies/scope';
import { presentPublicLink } from '../../presenters/public-link';
import { copyRecipients } from '../contracts/copy-recipients';
import { openSecret } from '../settings/secret-box';
import { linkStateOf, utcDayStart } from './link-state';

/** What the token is sealed for (secret-box.ts): showing the owner their link again. */
export const publicLinkSealPurpose = 'public-link-token';

/** The page a link's token opens. */
export const publicLinkPath = (token: string) => `/p/${token}`;

type Deps = ServiceContext<'secret' | 'appUrl'>;

/** A template's public links, newest first, each with its URL, state and counts. */
export async function listTemplatePublicLinks(
  ctx: Deps,
  templateId: string,
): Promise<{ items: PublicLink[] }> {
  const template = await findOwnContract(ctx.db, ctx.actor, templateId, { kind: 'template', content: false });
  const rows = await ctx.db
    .select()
    .from(publicLinks)
    .where(and(eq(publicLinks.templateId, template.id), ownPublicLinks(ctx.actor)))
    .orderBy(desc(publicLinks.createdAt))
    .limit(200);
  return { items: await presentLinks(ctx, rows) };
}

/** One public link of the actor's organization. */
export async function getPublicLink(ctx: Deps, id: string): Promise<PublicLink> {
  const row = await findOwnPublicLink(ctx.db, ctx.actor, id);
  const [link] = await presentLinks(ctx, [row]);
  if (!link) throw new Error('A link read was not presented');
  return link;
}

async function presentLinks(ctx: Deps, rows: PublicLinkRow[]): Promise<PublicLink[]> {
  if (rows.length === 0) return [];
  const now = clock.now();
  const ids = rows.map((row) => row.id);
  const counts = await ctx.db
    .select({
      linkId: publicLinkSubmissions.linkId,
      total: sql<number>`count(*)::int`,
      today: sql<number>`(count(*) filter (where ${publicLinkSubmissions.createdAt} >= ${utcDayStart(now)}))::int`,
    })
    .from(publicLinkSubmissions)
    .where(inArray(publicLinkSubmissions.linkId, ids))
    .groupBy(publicLinkSubmissions.linkId);
  const countOf = new Map(counts.map((row) => [row.linkId, row]));
  const creatorIds = [...new Set(rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])))];
  const creators =
    creatorIds.length === 0
      ? []
      : await ctx.db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, creatorIds));
  const creatorOf = new Map(creators.map((row) => [row.id, row]));
  const roleNames = await roleNamesOf(ctx.db, [...new Set(rows.map((row) => row.templateId))]);
  return rows.map((row) => {
    const count = countOf.get(row.id) ?? { total: 0, today: 0 };
    const token = openSecret(ctx.secret, publicLinkSealPurpose, row.tokenSealed);
    return presentPublicLink(row, {
      url: new URL(publicLinkPath(token), ctx.appUrl).href,
      roleName: roleNames.get(`${row.templateId}:${row.roleNumber}`) ?? `Role ${row.roleNumber}`,
      state: linkStateOf(row, count, now),
      submissions: count.total,
      submissionsToday: count.today,
      createdBy: row.createdBy ? (creatorOf.get(row.createdBy) ?? null) : null,
    });
  });
}

/** Each template's roles by `templateId:number`, numbered as a contract made from it numbers them. */
async function roleNamesOf(db: Database, templateIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const templateId of templateIds) {
    const { list } = await copyRecipients(db, templateId);
    for (const [index, role] of list.entries()) names.set(`${templateId}:${index + 1}`, role.name);
  }
  return names;
}
