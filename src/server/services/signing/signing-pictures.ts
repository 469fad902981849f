import type { AppError } from '../../../shared/errors';
import type { ContentEngine } from '../contracts/content-engine';
import { bytesOfDataUrl, jpegFits, type PictureBounds, readPngHeader } from './signature-image';

/** A picture given at signing (the signature, the initials, an image field's), as a data URL. */
export type SigningPicture = { dataUrl: string; bounds: PictureBounds; refusal: AppError };

/**
 * Checks a picture's header on this thread (cheap: its chunks, size and depth, nothing decoded),
 * throwing its refusal; what passes still has its image data checked apart (`readSigningPictures`).
 */
export function checkPictureHeader(picture: SigningPicture): void {
  const bytes = bytesOfDataUrl(picture.dataUrl);
  const fits = picture.dataUrl.startsWith('data:image/jpeg')
    ? jpegFits(bytes, picture.bounds)
    : readPngHeader(bytes, picture.bounds) !== undefined;
  if (!fits) throw picture.refusal;
}

/**
 * Checks that the seal can read every PNG given (each inflated as sealing will), all of them in one
 * task of the content thread: ten image fields of large PNGs took seconds of the request thread.
 * Throws the refusal of the first that cannot be read. Their headers were checked before.
 */
export async function readSigningPictures(
  content: ContentEngine,
  pictures: readonly SigningPicture[],
): Promise<void> {
  const pngs = pictures.filter((picture) => !picture.dataUrl.startsWith('data:image/jpeg'));
  const unreadable = await content.readPictures(pngs.map(({ dataUrl, bounds }) => ({ dataUrl, bounds })));
  if (unreadable !== null) throw (pngs[unreadable] as SigningPicture).refusal;
}
