import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { comments, commentThreads, contracts, memberships, users } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { notify } from '../lifecycle/notify';

/** How much of a comment a notification and its e-mail quote. */
const excerptLength = 140;

export function excerptOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > excerptLength ? `${flat.slice(0, excerptLength - 1)}…` : flat;
}

/**
 * The people a comment mentions hear of it: a bell notification (one per event and person) and
 * a `comment_mention` e-mail (one per comment and person), for those still members of the
 * contract's organization. Safe to run twice.
 */
export async function notifyMentioned(
  db: Database,
  input: { eventId: string; commentId: string; at: Date },
): Promise<void> {
  const [found] = await db
    .select({
      comment: comments,
      contractId: contracts.id,
      organizationId: contracts.organizationId,
      title: contracts.title,
    })
    .from(comments)
    .innerJoin(commentThreads, eq(commentThreads.id, comments.threadId))
    .innerJoin(contracts, eq(contracts.id, commentThreads.contractId))
    .where(eq(comments.id, input.commentId));
  if (!found || found.comment.mentions.length === 0) return;
  const { comment } = found;
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, found.organizationId),
        inArray(
          memberships.userId,
          comment.mentions.map((mention) => mention.id),
        ),
      ),
    );
  const excerpt = excerptOf(comment.body);
  const told = people.filter((person) => person.id !== comment.authorUserId);
  await db.transaction(async (tx) => {
    await notify(tx, {
      userIds: told.map((person) => person.id),
      contractId: found.contractId,
      kind: 'mentioned',
      message: `${comment.authorName} mentioned you on "${found.title}": ${excerpt}`,
      eventId: input.eventId,
      at: input.at,
    });
    for (const person of told) {
      await queueMail(tx, {
        organizationId: found.organizationId,
        contractId: found.contractId,
        kind: 'comment_mention',
        to: { name: person.name, email: person.email },
        params: { authorName: comment.authorName, excerpt },
        dedupeKey: `comment-mention:${comment.id}:${person.id}`,
      });
    }
  });
}
