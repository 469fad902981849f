import { AppError } from '../../../../shared/errors';
import { api } from '../../../lib/api';
import { NetworkError } from '../../../lib/api-errors';

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
  const route = api.contracts.archive;
  let response: Response;
  try {
    response = await fetch(route.url({ body: { ids: [...ids] } }), {
      method: route.method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) throw AppError.fromBody(await response.json().catch(() => null), response.status);
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new NetworkError();
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), 'Signed contracts.zip');
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file; the object URL can go once this turn is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
