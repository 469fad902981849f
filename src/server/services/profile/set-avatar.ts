import { eq } from 'drizzle-orm';
import type { Profile, UploadAvatarInput } from '../../../shared/api/profile';
import type { ServiceContext } from '../../context';
import { users } from '../../db/schema';
import { imageDataUrl } from '../images/image-data-url';
import { getProfile } from './get-profile';

/** Stores the user's picture as a data URL, once its size and bytes have been checked. */
export async function setAvatar(ctx: ServiceContext, input: UploadAvatarInput): Promise<Profile> {
  const { db, actor } = ctx;
  const avatarUrl = imageDataUrl(input, 'avatar');
  await db.update(users).set({ avatarUrl, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  return getProfile(ctx);
}
