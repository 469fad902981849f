import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { ListSignatureRequestsQuery, SignatureRequestPage } from '../../../shared/api/signatures';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { contracts, signers } from '../../db/schema';
import { ownContracts } from '../../policies/scope';
import { presentSignatureRequest } from '../../presenters/signature-request';
import { routeMemberColumns } from '../signing/route-members';
import { signingStateOf } from '../signing/signing-state';

function encode(sentAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([sentAt.toISOString(), id])).toString('base64url');
}
function decode(raw: string): { sentAt: string; id: string } {
  try {
    const [sentAt, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof sentAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(sentAt))) {
      return { sentAt, id };
    }
  } catch {
    // falls through: a malformed cursor is the caller's mistake
  }
  throw new AppError('INVALID_INPUT', 'The cursor is not one this API returned', 'cursor');
}

/** Every signer of every contract the organization has sent, newest sending first. */
export async function listSignatureRequests(
  ctx: ServiceContext,
  query: ListSignatureRequestsQuery,
): Promise<SignatureRequestPage> {
  const { db, actor } = ctx;
  const conditions: SQL[] = [
    ownContracts(actor),
    eq(contracts.isTemplate, false),
    ne(contracts.status, 'draft'),
    sql`${contracts.sentAt} is not null`,
  ];
  if (query.status) conditions.push(eq(signers.status, query.status));
  if (query.cursor) {
    const cursor = decode(query.cursor);
    conditions.push(
      sql`(${contracts.sentAt}, ${signers.id}) < (${cursor.sentAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({ signer: signers, contract: contracts })
    .from(signers)
    .innerJoin(contracts, eq(contracts.id, signers.contractId))
    .where(and(...conditions))
    .orderBy(desc(contracts.sentAt), desc(signers.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const ids = [...new Set(page.map((row) => row.contract.id))];
  const others = ids.length
    ? await db
        .select({ ...routeMemberColumns, contractId: signers.contractId })
        .from(signers)
        .where(inArray(signers.contractId, ids))
    : [];
  const last = page.at(-1);
  return {
    items: page.map(({ signer, contract }) =>
      presentSignatureRequest(
        signer,
        contract,
        signer.invitedAt !== null &&
          signingStateOf({
            contract,
            signer,
            signers: others.filter((other) => other.contractId === contract.id),
          }) === 'ready',
      ),
    ),
    nextCursor:
      rows.length > query.limit && last?.contract.sentAt
        ? encode(last.contract.sentAt, last.signer.id)
        : null,
  };
}
