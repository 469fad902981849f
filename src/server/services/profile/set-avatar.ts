import { eq } from 'drizzle-orm';
import type { UploadAvatarInput } from '../../../shared/api/profile';
import type { ServiceContext } from '../../context';
import { users } from '../../db/schema';
import { imageDataUrl } from '../images/image-data-url';

/** Stores the user's picture as a data URL, once its size and bytes have been checked. */
export async function setAvatar(ctx: ServiceContext, input: UploadAvatarInput): Promise<void> {
  const { db, actor } = ctx;
  const avatarUrl = imageDataUrl(input, 'avatar');
  await db.update(users).set({ avatarUrl, updatedAt: new Date() }).where(eq(users.id, actor.userId));
}
