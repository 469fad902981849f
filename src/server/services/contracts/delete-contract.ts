import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { isDeletable } from '../../../shared/statuses';
import type { ServiceContext } from '../../context';
import { contracts } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';

/** Deletes a draft or a template. A sent contract is canceled instead, so its record survives. */
export async function deleteContract(ctx: ServiceContext, id: string): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const row = await findOwnContract(tx, actor, id, { forUpdate: true, content: false });
    if (!isDeletable(row.status)) {
      throw new AppError(
        'CONTRACT_NOT_DELETABLE',
        row.status === 'sent'
          ? 'A sent contract cannot be deleted; cancel it instead'
          : `A ${row.status} contract cannot be deleted`,
      );
    }
    await tx.delete(contracts).where(eq(contracts.id, row.id));
  });
}
