import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContractRow, contractApprovals } from '../../db/schema';
import type { HistoryAuthor } from '../lifecycle/append-history';
import { transition } from '../lifecycle/transition';

/**
 * The draft's title or content changed: every approval given withdraws (the approvers are asked
 * again for the new text and told, through `approval.withdrawn`). Called in the transaction of
 * the change, which holds the contract's row lock. Nothing happens when no one had approved.
 */
export async function withdrawApprovals(
  tx: Database,
  input: {
    contract: Pick<ContractRow, 'id' | 'organizationId' | 'status'>;
    author: HistoryAuthor;
    why: string;
    at: Date;
  },
): Promise<void> {
  const withdrawn = await tx
    .update(contractApprovals)
    .set({ status: 'withdrawn', updatedAt: input.at })
    .where(and(eq(contractApprovals.contractId, input.contract.id), eq(contractApprovals.status, 'approved')))
    .returning({ decidedBy: contractApprovals.decidedBy, decidedByName: contractApprovals.decidedByName });
  if (withdrawn.length === 0) return;
  const names = [...new Set(withdrawn.map((row) => row.decidedByName ?? ''))].join(', ');
  await transition(tx, {
    contract: input.contract,
    step: 'approval.withdrawn',
    facts: {
      approverIds: [...new Set(withdrawn.flatMap((row) => row.decidedBy ?? []))].join(','),
      actorId: input.author.userId,
      actorName: input.author.userName,
      reason: input.why,
      approverNames: names,
    },
    author: input.author,
    at: input.at,
  });
}
