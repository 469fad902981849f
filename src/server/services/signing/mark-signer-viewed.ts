import { eq } from 'drizzle-orm';
import { isDone } from '../../../shared/recipients';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { type ContractRow, type SignerRow, signers } from '../../db/schema';
import { transition } from '../lifecycle/transition';
import { advanceRoute } from './advance-route';
import { type NamedSigner, recipientFacts, signerAuthor } from './find-signer';
import { signingStateOf } from './signing-state';

/**
 * The first time a recipient whose turn it is sees the document: marked viewed, with a history entry
 * and a notification to the owner. Run with the contract row locked. A signer who must
 * authenticate is only marked once every check is passed, since only then is the document shown.
 * Returns the recipient as now stored (a viewer's part is then done, which their page says).
 */
export async function markSignerViewed(
  tx: Database,
  input: {
    contract: ContractRow;
    signer: NamedSigner;
    signers: SignerRow[];
    origin: { ip: string | null; userAgent: string | null };
  },
): Promise<NamedSigner> {
  const { contract, signer } = input;
  const state = signingStateOf({ contract, signer, signers: input.signers });
  if (state !== 'ready' || signer.status !== 'pending') return signer;
  const now = clock.now();
  const author = signerAuthor(signer, input.origin);
  await tx.update(signers).set({ status: 'viewed', viewedAt: now }).where(eq(signers.id, signer.id));
  await transition(tx, { contract, step: 'contract.viewed', facts: recipientFacts(signer), author, at: now });
  // A viewer's part is done as they open it: the route moves on (and may complete the contract).
  if (isDone({ role: signer.role, status: 'viewed' })) {
    await advanceRoute(tx, { contract, who: signer, author, at: now });
  }
  return { ...signer, status: 'viewed', viewedAt: now };
}
