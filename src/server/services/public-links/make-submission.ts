import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PublicLinkStep } from '../../../shared/api/public-links';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext, VisitorContext } from '../../context';
import { contracts, publicLinkSubmissions, publicLinks, signers } from '../../db/schema';
import { deleteContract } from '../contracts/delete-contract';
import { sendContract } from '../contracts/send-contract';
import { newEmbedLink } from '../embedding/embed-link';
import { memberActor } from '../team/member-actor';
import { createFromTemplate } from '../templates/create-from-template';
import type { FoundLink } from './find-link-by-token';
import { visitorRoleOf } from './find-link-by-token';
import { closedLinkError, linkStateOf, notFoundError, submissionCounts } from './link-state';

export type Visitor = { name: string; email: string };

/**
 * One visitor's submission: its place is taken first, with the link row locked, so parallel
 * submissions are counted one after another and never pass a cap; then the contract is made from
 * the template (the visitor in the link's role, reached on this page rather than by e-mail, in
 * the link's project, by the member who made the link), sent in order (the visitor first, the
 * organization's roles countersigning after them), and the visitor is given a signing link of
 * ten minutes and one session to open at once. A contract that could not be made or sent gives
 * its place back.
 */
export async function makeSubmission(
  ctx: VisitorContext<'pdf' | 'files' | 'content'>,
  found: FoundLink,
  visitor: Visitor,
): Promise<Extract<PublicLinkStep, { step: 'sign' }>> {
  const { db } = ctx;
  const { link, organizationName } = found;
  const actor = link.createdBy ? await memberActor(db, link.organizationId, link.createdBy) : null;
  if (!actor) {
    throw new AppError(
      'PUBLIC_LINK_CLOSED',
      `This link no longer takes submissions: the person who published it is no longer a member of ${organizationName}.`,
    );
  }
  const { otherEmails } = await visitorRoleOf(db, found);
  assertOwnAddress(otherEmails, visitor.email);
  const contractId = randomUUID();
  const submission = await db.transaction(async (tx) => {
    const now = clock.now();
    const [locked] = await tx.select().from(publicLinks).where(eq(publicLinks.id, link.id)).for('update');
    if (!locked?.enabled) throw notFoundError();
    const refusal = closedLinkError(linkStateOf(locked, await submissionCounts(tx, locked.id, now), now));
    if (refusal) throw refusal;
    const [row] = await tx
      .insert(publicLinkSubmissions)
      .values({
        linkId: locked.id,
        visitorName: visitor.name,
        visitorEmail: visitor.email,
        ip: ctx.origin.ip,
        createdAt: now,
      })
      .returning({ id: publicLinkSubmissions.id });
    if (!row) throw new Error('The submission was not stored');
    return { ...row, projectId: locked.projectId };
  });

  const acting = { ...ctx, actor: { ...actor, ip: ctx.origin.ip, userAgent: ctx.origin.userAgent } };
  try {
    await createFromTemplate(acting, link.templateId, {
      id: contractId,
      ...(submission.projectId ? { projectId: submission.projectId } : {}),
      people: [{ number: link.roleNumber, name: visitor.name, email: visitor.email, embedded: true }],
    });
    await db
      .update(publicLinkSubmissions)
      .set({ contractId })
      .where(eq(publicLinkSubmissions.id, submission.id));
    await sendContract(acting, contractId, { sequential: true });
  } catch (error) {
    await giveBack(acting, submission.id, contractId);
    if (error instanceof AppError && error.code === 'RATE_LIMITED') throw busyLinkError(error);
    if (error instanceof AppError && error.status < 500) {
      throw new AppError(
        'CONTRACT_NOT_SENDABLE',
        `This link cannot take submissions now: ${organizationName} has something to fix in its document. Let them know.`,
      );
    }
    throw error;
  }

  const [signer] = await db
    .select({ id: signers.id })
    .from(signers)
    .where(and(eq(signers.contractId, contractId), eq(signers.position, link.roleNumber)));
  if (!signer) throw new Error("The visitor's recipient was not made");
  const { token } = await newEmbedLink(db, signer.id);
  return { step: 'sign', signingPath: `/sign/${token}`, embedSigningPath: `/embed/sign/${token}` };
}

/** A submission whose contract could not be made or sent: its place, and its draft, are given back. */
async function giveBack(ctx: ServiceContext, submissionId: string, contractId: string): Promise<void> {
  await ctx.db.delete(publicLinkSubmissions).where(eq(publicLinkSubmissions.id, submissionId));
  const [made] = await ctx.db
    .select({ status: contracts.status })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  if (made?.status === 'draft') await deleteContract(ctx, contractId);
}

/** The organization's sending limit, as its visitor is told of it. */
export function busyLinkError(error: AppError): AppError {
  return new AppError(
    'RATE_LIMITED',
    'This link is taking too many submissions right now. Try again later.',
    undefined,
    error.retryAfterSeconds,
  );
}

/** A visitor's address must be their own, not one of the organization's roles'. */
export function assertOwnAddress(otherEmails: readonly string[], email: string): void {
  if (!otherEmails.includes(email)) return;
  throw new AppError(
    'INVALID_INPUT',
    'This address already takes another part in this document: give your own e-mail address.',
    'email',
  );
}
