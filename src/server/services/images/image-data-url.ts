import { type ImageType, maxImageBytes } from '../../../shared/api/images';
import { AppError } from '../../../shared/errors';
import { isPng } from '../../pdf/png';

/** The file's first bytes, which a renamed or mislabelled file cannot fake. */
const signatures: Record<ImageType, (bytes: Buffer) => boolean> = {
  'image/png': isPng,
  'image/jpeg': (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  'image/webp': (bytes) =>
    bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP',
};

/**
 * An uploaded image (a logo, an avatar) as the data URL that is stored, after checking its size
 * and that its bytes are what its type says. `what` names it in the messages and is the field.
 */
export function imageDataUrl(input: { type: ImageType; data: string }, what: string): string {
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.length === 0) throw new AppError('INVALID_INPUT', `The ${what} file is empty`, what);
  if (bytes.length > maxImageBytes)
    throw new AppError('INVALID_INPUT', `The ${what} must be at most 200 KB`, what);
  if (!signatures[input.type](bytes)) {
    throw new AppError('INVALID_INPUT', 'The file is not the image it claims to be', what);
  }
  return `data:${input.type};base64,${bytes.toString('base64')}`;
}
