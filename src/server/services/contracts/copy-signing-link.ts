import { AppError } from '../../../shared/errors';
import { roleOf } from '../../../shared/recipients';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { signingLinks } from '../../db/schema';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';
import { recipientFacts } from '../signing/find-signer';
import { newLinkToken } from '../signing/link-token';
import { assertNotActed, lockContractOut, recipientIn } from './recipients-while-out';

/**
 * How many links a contract's senders may copy in an hour: enough to hand a few people theirs by
 * chat, and a bound on links to one contract that no mail log accounts for.
 */
export const linkCopyLimit: RateLimitRule = { limit: 20, windowMs: 60 * 60 * 1000 };

/**
 * The sender copies a pending recipient's signing link, to hand it over themselves (a chat, a
 * phone call) instead of by mail. A fresh link of the recipient's, like the one each invitation
 * carries: it works only while they may act, so one copied before their group's turn opens on the
 * page that says whose turn it is and signs nothing, and a correction or hand-over retires it with
 * their other links. Only while the contract is out, for a recipient with a link (not a CC) who
 * has not acted and has an address; recorded in the history, and counted per contract.
 */
export async function copySigningLink(
  ctx: ServiceContext<'appUrl'>,
  contractId: string,
  signerId: string,
): Promise<{ url: string }> {
  const { db, actor } = ctx;
  return db.transaction(async (tx) => {
    const { contract, all } = await lockContractOut(tx, actor, contractId);
    const signer = recipientIn(all, signerId);
    const who = signer.name || 'This recipient';
    if (!roleOf(signer.role).hasLink) {
      throw new AppError(
        'INVALID_INPUT',
        `${who} is copied (CC): they receive the notices and the sealed PDF, and have no signing link`,
      );
    }
    assertNotActed(signer, 'given a signing link');
    const { email } = signer;
    if (email === null) {
      throw new AppError(
        'INVALID_INPUT',
        `${who} is to be named by an earlier recipient, as they act: there is no one to give a link to yet`,
      );
    }
    const now = clock.now();
    const wait = await consumeRateLimit(tx, `link-copies:${contract.id}`, linkCopyLimit, now);
    if (wait > 0) {
      throw new AppError(
        'RATE_LIMITED',
        `${linkCopyLimit.limit} signing links of this contract were copied in the last hour, the most allowed. Try again in ${Math.ceil(wait / 60)} minutes.`,
        undefined,
        wait,
      );
    }
    const { token, hash } = newLinkToken();
    await tx.insert(signingLinks).values({ signerId: signer.id, tokenHash: hash });
    await transition(tx, {
      contract,
      step: 'signer.link_copied',
      facts: recipientFacts({ ...signer, email }),
      author: authorOf(actor),
      at: now,
    });
    return { url: new URL(`/sign/${token}`, ctx.appUrl).href };
  });
}
