import { eq } from 'drizzle-orm';
import type { SavedSignature } from '../../../shared/api/signatures';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { presentSavedSignature } from '../../presenters/saved-signature';
import { decodeSignatureImage } from '../signing/signature-image';

export async function getSavedSignature(db: Database, userId: string): Promise<SavedSignature> {
  const [row] = await db
    .select({ image: users.savedSignature, kind: users.savedSignatureKind })
    .from(users)
    .where(eq(users.id, userId));
  return presentSavedSignature({ kind: row?.kind ?? null, image: row?.image ?? null });
}

/** The actor's own saved signature. */
export async function getOwnSavedSignature(ctx: ServiceContext): Promise<SavedSignature> {
  return getSavedSignature(ctx.db, ctx.actor.userId);
}

/** Keeps the user's signature (checked like one given on the signing page) to offer when they sign. */
export async function saveSignature(
  ctx: ServiceContext,
  input: { kind: 'drawn' | 'typed'; image: string },
): Promise<void> {
  const { db, actor } = ctx;
  const image = decodeSignatureImage(input.image);
  await db
    .update(users)
    .set({ savedSignature: image, savedSignatureKind: input.kind, updatedAt: new Date() })
    .where(eq(users.id, actor.userId));
}

export async function removeSavedSignature(ctx: ServiceContext): Promise<void> {
  const { db, actor } = ctx;
  await db
    .update(users)
    .set({ savedSignature: null, savedSignatureKind: null, updatedAt: new Date() })
    .where(eq(users.id, actor.userId));
}
