import { AppError } from '../../shared/errors';
import type { ApiCall, CallInput, CallOutput } from './api';
import { NetworkError } from './api-errors';

/** What an upload is doing, for its progress line. */
export type UploadProgress = { stage: 'uploading'; percent: number } | { stage: 'reading' };

/** The progress line: the upload's percentage, then what the server does with the file. */
export const uploadProgressText = (progress: UploadProgress, reading: string) =>
  progress.stage === 'uploading' ? `Uploading… ${progress.percent}%` : reading;

/**
 * Sends a file as the request body, as `mediaType`, to a route of the shared table (its URL and
 * answer typed by the contract). XMLHttpRequest rather than fetch: it reports the upload's
 * progress, which a large file on a slow line needs.
 */
export function uploadFile<C>(
  route: ApiCall<C>,
  input: CallInput<C>,
  file: File,
  mediaType: string,
  onProgress?: (progress: UploadProgress) => void,
): Promise<CallOutput<C>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', (route.url as (input: CallInput<C>) => string)(input));
    request.setRequestHeader('content-type', mediaType);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress?.({ stage: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
      }
    };
    request.upload.onload = () => onProgress?.({ stage: 'reading' });
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as CallOutput<C>);
      else reject(AppError.fromBody(request.response, request.status));
    };
    request.onerror = () => reject(new NetworkError());
    request.send(file);
  });
}
