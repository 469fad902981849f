import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GrowingHash } from '../../src/server/pdf/rendered-pdf';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the hash of a document that grows by incremental updates', () => {
  it('is the hash of each version, whether it grew, was rewritten or shrank', () => {
    const hash = new GrowingHash();
    const first = new Uint8Array([1, 2, 3, 4]);
    const grown = new Uint8Array([1, 2, 3, 4, 5, 6]);
    const rewritten = new Uint8Array([9, 2, 3, 4, 5, 6, 7]);
    const shorter = new Uint8Array([9, 2]);
    for (const version of [first, grown, grown.subarray(0), rewritten, shorter, new Uint8Array()])
      expect(hash.of(version)).toBe(sha256(version));
  });

  it('reads a view into a larger buffer as the view alone', () => {
    const backing = new Uint8Array([0, 0, 7, 8, 9, 0]);
    const hash = new GrowingHash();
    expect(hash.of(backing.subarray(2, 4))).toBe(sha256(new Uint8Array([7, 8])));
    expect(hash.of(backing.subarray(2, 5))).toBe(sha256(new Uint8Array([7, 8, 9])));
  });
});
