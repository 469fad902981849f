import { api, receiveFile } from '../../../lib/api';

/** The file name a download's Content-Disposition gives (its UTF-8 form first). */
function fileNameOf(disposition: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Downloads the signed PDFs of the contracts chosen as one ZIP (`POST /api/contracts/archive`):
 * the server streams it as it writes it; the browser saves it once it has arrived. Throws the
 * server's AppError (none signed, one archive at a time…) or a NetworkError.
 */
export async function downloadSignedArchive(ids: readonly string[]): Promise<void> {
  const { blob, headers } = await receiveFile(api.contracts.archive, { body: { ids: [...ids] } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(headers.get('content-disposition'), 'Signed contracts.zip');
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file; the object URL can go once this turn is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
