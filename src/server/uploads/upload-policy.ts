import { uploadLimits } from '../../shared/limits';

/**
 * What the upload routes ask of a body and of an organization (src/shared/limits.ts
 * `uploadLimits` explains each): the entry point sets the byte limits from the configuration,
 * tests make the rate floor and its grace small.
 */
export type UploadPolicy = {
  minBytesPerSecond: number;
  graceMs: number;
  storageBytes: number;
  hourlyBytes: number;
};

export const defaultUploadPolicy: UploadPolicy = { ...uploadLimits };
