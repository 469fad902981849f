import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * The SHA-256 of a file, read a megabyte at a time. Run in the upload thread (upload-engine.ts
 * `UploadEngine.hashFile`): hashing a 49 MB upload as it arrived took the request thread a share of
 * every chunk, for every organization's requests to wait behind.
 */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}
