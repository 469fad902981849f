import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PublicLinkStep } from '../../../shared/api/public-links';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { VisitorContext } from '../../context';
import { publicLinkCodes } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { verifyPassword } from '../accounts/passwords';
import { consumeOutgoingMail } from '../rate-limits/outgoing-mail-limits';
import { maskEmail } from '../signing/signer-authentication';
import { assertLinkOpen, findLinkByToken, visitorRoleOf } from './find-link-by-token';
import { assertOwnAddress, busyLinkError, makeSubmission, type Visitor } from './make-submission';
import { maxVisitorCodeFailures } from './visitor-code';
import { countVisitorCode, countVisitorConfirm, countVisitorStart } from './visitor-limits';

type Deps = VisitorContext<'pdf' | 'files' | 'content'>;

/** How long a visitor has to confirm their address, codes asked again included. */
const confirmWithinMs = 60 * 60 * 1000;

/**
 * The visitor gives their name and address. Counted against their network address first; then,
 * when the link asks for it, a code is e-mailed to confirm the address (the submission is made
 * once it is confirmed), else the submission is made at once.
 */
export async function startPublicLink(ctx: Deps, token: string, visitor: Visitor): Promise<PublicLinkStep> {
  const { db } = ctx;
  const found = await findLinkByToken(db, token);
  await countVisitorStart(db, found.link.id, ctx.origin.ip);
  await assertLinkOpen(db, found.link);
  const { otherEmails } = await visitorRoleOf(db, found);
  if (!found.link.requireEmailCode) return makeSubmission(ctx, found, visitor);
  assertOwnAddress(otherEmails, visitor.email);

  await countVisitorCode(db, found.link.id, visitor.email);
  const visitId = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(publicLinkCodes)
        .values({
          linkId: found.link.id,
          visitorName: visitor.name,
          visitorEmail: visitor.email,
          ip: ctx.origin.ip,
        })
        .returning({ id: publicLinkCodes.id });
      if (!row) throw new Error('The visit was not stored');
      // A mail to an address a stranger chose, in the organization's name: one of its signing mails.
      await consumeOutgoingMail(tx, found.link.organizationId, 'signingRecipients', 1);
      // The code itself is made when the e-mail is composed (visitor-code.ts), so no queued row holds it.
      await queueMail(tx, {
        kind: 'public_link_code',
        organizationId: found.link.organizationId,
        contractId: null,
        to: { name: visitor.name, email: visitor.email },
        params: { codeId: row.id },
      });
      return row.id;
    })
    .catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'RATE_LIMITED' ? busyLinkError(error) : error;
    });
  return { step: 'code', visitId, maskedEmail: maskEmail(visitor.email) };
}

/**
 * The e-mailed code. The visit's row is locked for the try, so parallel guesses count one after
 * another; the fifth wrong one closes the visit (the visitor starts again, with a new code), and
 * a right one is used once: its submission is made.
 */
export async function confirmPublicLink(
  ctx: Deps,
  token: string,
  input: { visitId: string; code: string },
): Promise<PublicLinkStep> {
  const { db } = ctx;
  const found = await findLinkByToken(db, token);
  await countVisitorConfirm(db, ctx.origin.ip);
  const outcome = await db.transaction(async (tx) => {
    const now = clock.now();
    const [visit] = await tx
      .select()
      .from(publicLinkCodes)
      .where(
        and(
          eq(publicLinkCodes.id, input.visitId),
          eq(publicLinkCodes.linkId, found.link.id),
          isNull(publicLinkCodes.usedAt),
          gt(publicLinkCodes.createdAt, new Date(now.getTime() - confirmWithinMs)),
        ),
      )
      .for('update');
    if (!visit || visit.failures >= maxVisitorCodeFailures) return { kind: 'closed' as const };
    if (!visit.codeHash || !visit.codeExpiresAt || visit.codeExpiresAt <= now)
      return { kind: 'expired' as const };
    if (await verifyPassword(visit.codeHash, input.code)) {
      await tx
        .update(publicLinkCodes)
        .set({ usedAt: now, codeHash: null, codeExpiresAt: null })
        .where(eq(publicLinkCodes.id, visit.id));
      return { kind: 'right' as const, visitor: { name: visit.visitorName, email: visit.visitorEmail } };
    }
    const failures = visit.failures + 1;
    await tx.update(publicLinkCodes).set({ failures }).where(eq(publicLinkCodes.id, visit.id));
    return { kind: 'wrong' as const, triesLeft: maxVisitorCodeFailures - failures };
  });
  switch (outcome.kind) {
    case 'closed':
      throw new AppError(
        'INVALID_INPUT',
        'This code can no longer be used. Give your name and e-mail address again for a new one.',
        'code',
      );
    case 'expired':
      throw new AppError(
        'INVALID_INPUT',
        'This code has expired. Give your e-mail address again for a new one.',
        'code',
      );
    case 'wrong':
      throw new AppError(
        'INVALID_INPUT',
        outcome.triesLeft > 0
          ? `That code is not right. ${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left.`
          : 'That code is not right, and it can no longer be used. Give your name and e-mail address again for a new one.',
        'code',
      );
    case 'right':
      return makeSubmission(ctx, found, outcome.visitor);
  }
}
