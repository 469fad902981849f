import { z } from 'zod';
import { pictureLimits } from '../fields';

/** The images Pactum accepts as uploads (a logo, an avatar): no SVG, which can carry scripts. */
export const imageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof imageTypes)[number];

/** The same bound as a signer's picture for an image field. */
export const maxImageBytes = pictureLimits.imageBytes;

/** `{ type, data }`: an uploaded image, base64-encoded, with messages naming what it is. */
export function imageUploadBodySchema(what: string) {
  return z.object({
    type: z.enum(imageTypes, { error: `The ${what} must be a PNG, JPEG or WebP image` }),
    data: z
      .base64({ error: `The ${what} must be base64-encoded` })
      .max(Math.ceil((maxImageBytes * 4) / 3) + 4, { error: `The ${what} must be at most 200 KB` }),
  });
}
