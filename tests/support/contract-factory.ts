import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { contracts, signers } from '../../src/server/db/schema';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { signContract } from '../../src/server/services/signing/sign-contract';
import { expireContract } from '../../src/server/services/sweeps/expire-contracts';
import { consentDisclosure } from '../../src/shared/consent';
import type { ContractStatus } from '../../src/shared/statuses';
import { call, type TestAccount, type TestContext } from './test-app';
import { testEngines } from './test-engines';

const origin = { ip: null, userAgent: 'contract-factory' };

/**
 * Brings a draft to a status the way the product does — sent through the API (a signer added if it
 * has none), then signed, canceled or expired through the services — so a test's contract has the
 * history, events and documents a real one would, instead of a status forced into its row.
 */
export async function bringTo(
  ctx: TestContext,
  account: TestAccount,
  contractId: string,
  status: Exclude<ContractStatus, 'draft'>,
): Promise<void> {
  const own = await ctx.database.db.select().from(signers).where(eq(signers.contractId, contractId));
  if (own.length === 0) {
    const added = await call(ctx, account, {
      method: 'PATCH',
      url: `/api/contracts/${contractId}`,
      json: { signers: [{ name: 'Sam Signer', email: `sam.${contractId.slice(0, 8)}@example.com` }] },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const sent = await call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${contractId}/send`,
    json: { sequential: false },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  if (status === 'signed') {
    await signEveryone(ctx, contractId);
  } else if (status === 'canceled') {
    const canceled = await call(ctx, account, {
      method: 'POST',
      url: `/api/contracts/${contractId}/cancel`,
      json: { reason: 'No longer needed' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
  } else if (status === 'expired') {
    await ctx.database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(contracts).where(eq(contracts.id, contractId)).for('update');
      if (row) await expireContract(tx, row, new Date());
    });
  }
}

/** Every recipient of a sent contract signs, through the signing service, at the clock's time. */
export async function signEveryone(ctx: TestContext, contractId: string): Promise<void> {
  for (const signer of await ctx.database.db
    .select()
    .from(signers)
    .where(eq(signers.contractId, contractId))) {
    await signContract(
      {
        db: ctx.database.db,
        content: (await testEngines()).content,
        signerId: signer.id,
        linkId: null,
        origin,
      },
      {
        consentVersion: consentDisclosure.version,
        fields: { fullName: signer.name },
        signature: { kind: 'drawn', image: signatureDataUrl() },
      },
    );
  }
}
