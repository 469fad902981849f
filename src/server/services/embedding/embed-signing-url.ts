import { asc, eq } from 'drizzle-orm';
import type { EmbedSigningUrl } from '../../../shared/api/embedding';
import { webOriginOf } from '../../../shared/embedding/web-origin';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { signers } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';
import { recipientFacts } from '../signing/find-signer';
import { routeMemberColumns } from '../signing/route-members';
import { signingStateOf } from '../signing/signing-state';
import { newEmbedLink } from './embed-link';
import { getEmbeddingSettings } from './embedding-settings';

/**
 * A signing URL for a recipient the organization's own app shows the signing page to: only an
 * embedded one (nobody e-mails them), only while it is their turn, framed only by one of the
 * organization's origins (the page is refused in any other frame: plugins/embed-frames.ts), and
 * posting its events to that origin alone. Each call makes a fresh link; each opens one session,
 * and is recorded in the contract's history with who asked (a member or an API token).
 */
export async function embedSigningUrl(
  ctx: ServiceContext<'appUrl'>,
  input: { contractId: string; signerId: string; origin: string | undefined },
): Promise<EmbedSigningUrl> {
  const { db, actor } = ctx;
  const contract = await findOwnContract(db, actor, input.contractId, { kind: 'contract', content: false });
  const all = await db
    .select({ ...routeMemberColumns, delivery: signers.delivery, name: signers.name })
    .from(signers)
    .where(eq(signers.contractId, contract.id))
    .orderBy(asc(signers.position), asc(signers.createdAt));
  const signer = all.find((candidate) => candidate.id === input.signerId);
  if (!signer) throw new AppError('NOT_FOUND', 'Signer not found');
  if (signer.delivery !== 'embedded') {
    throw new AppError(
      'INVALID_INPUT',
      `${signer.name} is invited by e-mail; only a recipient saved as embedded is signed in your app`,
    );
  }
  const state = signingStateOf({ contract, signer, signers: all });
  if (state !== 'ready') {
    throw new AppError('SIGNING_CLOSED', `${signer.name} cannot sign now: ${stateWords[state]}`);
  }
  const { origins } = await getEmbeddingSettings(ctx);
  const asked = input.origin === undefined ? undefined : webOriginOf(input.origin);
  const origin = asked ?? (input.origin === undefined && origins.length === 1 ? origins[0] : undefined);
  if (origins.length === 0) {
    throw new AppError(
      'INVALID_INPUT',
      "Add your app's web origin in Settings, Developers, Embedding before asking for embedded signing URLs",
    );
  }
  if (!origin || !origins.includes(origin)) {
    throw new AppError(
      'INVALID_INPUT',
      `Give the origin of the page that frames it: one of ${origins.join(', ')}`,
      'origin',
    );
  }
  // Whoever holds the URL signs as the recipient: who asked for it is in the history, as for a
  // copied link, and a contract gets a bounded number an hour.
  const { token, expiresAt } = await db.transaction(async (tx) => {
    const locked = await findOwnContract(tx, actor, contract.id, {
      kind: 'contract',
      forUpdate: true,
      content: false,
    });
    const now = clock.now();
    const wait = await consumeRateLimit(tx, `embed-links:${locked.id}`, embedUrlLimit, now);
    if (wait > 0) {
      throw new AppError(
        'RATE_LIMITED',
        `${embedUrlLimit.limit} embedded signing URLs of this contract were made in the last hour, the most allowed. Try again in ${Math.ceil(wait / 60)} minutes.`,
        undefined,
        wait,
      );
    }
    const made = await newEmbedLink(tx, signer.id, now);
    await transition(tx, {
      contract: locked,
      step: 'signer.link_copied',
      facts: { ...recipientFacts({ ...signer, email: signer.email ?? '' }), embedded: true },
      author: authorOf(actor),
      at: now,
    });
    return made;
  });
  const url = new URL(`/embed/sign/${token}`, ctx.appUrl);
  url.searchParams.set('origin', origin);
  return { url: url.toString(), expiresAt: expiresAt.toISOString(), origin };
}

/** Embedded signing URLs a contract's app may ask for in an hour: a page opened again asks anew. */
export const embedUrlLimit: RateLimitRule = { limit: 60, windowMs: 60 * 60 * 1000 };

const stateWords: Record<Exclude<ReturnType<typeof signingStateOf>, 'ready'>, string> = {
  waiting: 'it is not their turn yet',
  signed: 'they have signed',
  approved: 'they have approved',
  viewed: 'they have viewed it',
  declined: 'they declined',
  rejected: 'they rejected it',
  delegated: 'they handed their turn to someone else',
  canceled: 'the contract was canceled',
  expired: 'the contract expired',
};
