import { sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import type { UploadPolicy } from '../../uploads/upload-policy';
import { countAttempt } from '../rate-limits/consume-rate-limit';

const hourMs = 60 * 60 * 1000;

/** A size as the quota messages write it: KB below a megabyte, MB below a gigabyte, GB to one decimal above. */
export function storageSize(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  if (kb < 1024 * 1024) return `${Math.round(kb / 1024)} MB`;
  return `${(kb / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} GB`;
}

/**
 * The bytes an organization's contracts and templates hold: each file their rows name (uploaded
 * PDFs, frozen and sealed documents) counted once, however many rows name it. The file store keeps
 * a file once for every organization naming it, so this is what the organization makes the
 * instance keep: bytes it shares with another organization are charged to both, and a template's
 * PDF copied into a hundred contracts is charged once. A document stored before its size was kept
 * counts its in-row bytes, or nothing.
 */
export async function storedBytes(db: Database, organizationId: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(named.size), 0) as total from (
      select f.sha256, f.byte_size as size
        from contract_files f join contracts c on c.id = f.contract_id
        where c.organization_id = ${organizationId}
      union
      select d.sha256, coalesce(d.byte_size, octet_length(d.bytes), 0) as size
        from documents d join contracts c on c.id = d.contract_id
        where c.organization_id = ${organizationId}
    ) named`);
  const [row] = (result as unknown as { rows: { total: string | number }[] }).rows;
  return Number(row?.total ?? 0);
}

const hourlyKey = (organizationId: string) => `upload-bytes:${organizationId}`;
/** The hourly budget is counted in KiB: an integer counter holds 2 TB an hour of them. */
const kib = (bytes: number) => Math.ceil(bytes / 1024);
const hourlyRule = (policy: UploadPolicy) => ({
  limit: Math.floor(policy.hourlyBytes / 1024),
  windowMs: hourMs,
});

function overStorage(
  stored: number,
  adding: number,
  policy: UploadPolicy,
  what = `this ${storageSize(adding)} upload`,
): AppError | null {
  if (stored + adding <= policy.storageBytes) return null;
  return new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    `Your organization's contracts hold ${storageSize(stored)} of files, and ${what} would pass its storage limit of ${storageSize(policy.storageBytes)}. Delete drafts or PDFs you no longer need, or ask whoever runs Pactum to raise the limit.`,
  );
}

/**
 * Before a draft is sent: the document sent for signing is stored anew (its PDFs joined, about as
 * large as they are together), and so is the sealed one after it, so a send is charged to the
 * storage quota as an upload is. Duplicating a draft stores nothing new (the copies name the same
 * files), so without this check one upload within the quota grew without bound, send after send.
 */
export async function checkSendStorage(
  ctx: ServiceContext,
  contractId: string,
  policy: UploadPolicy,
): Promise<void> {
  const result = await ctx.db.execute(sql`
    select coalesce(sum(f.byte_size), 0) as total
      from contract_files f join contracts c on c.id = f.contract_id
      where f.contract_id = ${contractId} and c.organization_id = ${ctx.actor.organizationId}`);
  const [row] = (result as unknown as { rows: { total: string | number }[] }).rows;
  const sending = Number(row?.total ?? 0);
  if (sending === 0) return;
  const storage = overStorage(
    await storedBytes(ctx.db, ctx.actor.organizationId),
    sending,
    policy,
    `sending this contract (${storageSize(sending)} of PDFs, stored again as the document signed)`,
  );
  if (storage) throw storage;
}

function overBudget(policy: UploadPolicy, resetsAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Your organization has uploaded its limit of ${storageSize(policy.hourlyBytes)} this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    seconds,
  );
}

/**
 * Before a body is read: refuses an upload whose declared length would already pass the
 * organization's storage quota or this hour's upload budget, so nobody sends 50 MB to hear no.
 */
export async function checkDeclaredUpload(
  ctx: ServiceContext,
  declaredBytes: number,
  policy: UploadPolicy,
  now = clock.now(),
): Promise<void> {
  const organizationId = ctx.actor.organizationId;
  const storage = overStorage(await storedBytes(ctx.db, organizationId), declaredBytes, policy);
  if (storage) throw storage;
  const rule = hourlyRule(policy);
  const { count, resetsAt } = await countAttempt(ctx.db, hourlyKey(organizationId), rule, now, 0);
  if (count + kib(declaredBytes) > rule.limit) throw overBudget(policy, resetsAt, now);
}

/**
 * Once a body has arrived: charges its bytes to the organization's upload budget of the hour, or
 * refuses it (with what it would hold against the storage quota, or the hour's budget spent). A
 * refused upload is not charged. Uploads of one organization arriving together may each pass the
 * storage check before any is stored: at most its few places of 50 MB beyond the quota.
 */
export async function chargeUpload(
  ctx: ServiceContext,
  bytes: number,
  policy: UploadPolicy,
  now = clock.now(),
): Promise<void> {
  const organizationId = ctx.actor.organizationId;
  const storage = overStorage(await storedBytes(ctx.db, organizationId), bytes, policy);
  if (storage) throw storage;
  const rule = hourlyRule(policy);
  const { count, resetsAt } = await countAttempt(ctx.db, hourlyKey(organizationId), rule, now, kib(bytes));
  if (count > rule.limit) {
    await countAttempt(ctx.db, hourlyKey(organizationId), rule, now, -kib(bytes));
    throw overBudget(policy, resetsAt, now);
  }
}
