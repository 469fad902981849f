import { describe, expect, it } from 'vitest';
import {
  type ChainedEntry,
  chainHash,
  genesisHash,
  verifyChain,
} from '../../src/server/services/history/hash-chain';

const headOf = (chain: { hash: string }[]) => ({
  length: chain.length,
  hash: chain.at(-1)?.hash ?? genesisHash,
});

function buildChain(count: number) {
  const entries: (ChainedEntry & { prevHash: string; hash: string })[] = [];
  let prevHash = genesisHash;
  for (let seq = 1; seq <= count; seq += 1) {
    const entry: ChainedEntry = {
      contractId: '7d3c1f0e-6a56-4a7f-9d7e-1b2c3d4e5f60',
      seq,
      timestamp: new Date(Date.UTC(2026, 10, 22, 10, seq)),
      action: seq === 1 ? 'created' : 'updated',
      userId: 'a1b2c3d4-0000-4000-8000-000000000001',
      userName: 'Ada Lovelace',
      details: seq === 1 ? null : 'Contract updated',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0',
    };
    const hash = chainHash(prevHash, entry);
    entries.push({ ...entry, prevHash, hash });
    prevHash = hash;
  }
  return entries;
}

describe('history hash chain', () => {
  it('hashes deterministically and depends on the previous hash', () => {
    const [first] = buildChain(1);
    if (!first) throw new Error('no entry');
    expect(chainHash(genesisHash, first)).toBe(first.hash);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(chainHash('f'.repeat(64), first)).not.toBe(first.hash);
  });

  it('accepts an intact chain, and an empty one', () => {
    const chain = buildChain(5);
    expect(verifyChain(chain, headOf(chain))).toEqual({ intact: true, entries: 5, brokenAtSeq: null });
    expect(verifyChain([], { length: 0, hash: genesisHash })).toEqual({
      intact: true,
      entries: 0,
      brokenAtSeq: null,
    });
  });

  it.each([
    [
      'a changed detail',
      (chain: ReturnType<typeof buildChain>) => Object.assign(chain[2] ?? {}, { details: 'Backdated' }),
      3,
    ],
    [
      'a changed actor',
      (chain: ReturnType<typeof buildChain>) => Object.assign(chain[1] ?? {}, { userName: 'Mallory' }),
      2,
    ],
    [
      'a changed time',
      (chain: ReturnType<typeof buildChain>) => Object.assign(chain[3] ?? {}, { timestamp: new Date(0) }),
      4,
    ],
    ['a deleted entry', (chain: ReturnType<typeof buildChain>) => chain.splice(2, 1), 4],
    ['a swapped pair', (chain: ReturnType<typeof buildChain>) => chain.reverse(), 5],
  ])('detects %s', (_name, tamper, brokenAtSeq) => {
    const chain = buildChain(5);
    const head = headOf(chain);
    tamper(chain);
    expect(verifyChain(chain, head)).toMatchObject({ intact: false, brokenAtSeq });
  });

  it('detects an entry re-hashed on its own (the next one no longer follows)', () => {
    const chain = buildChain(4);
    const head = headOf(chain);
    const tampered = chain[1];
    if (!tampered) throw new Error('no entry');
    tampered.details = 'Rewritten';
    tampered.hash = chainHash(tampered.prevHash, tampered);
    expect(verifyChain(chain, head)).toMatchObject({ intact: false, brokenAtSeq: 3 });
  });

  it('detects entries removed from the end, and one appended behind the head', () => {
    const chain = buildChain(5);
    const head = headOf(chain);
    expect(verifyChain(chain.slice(0, 3), head)).toMatchObject({ intact: false, brokenAtSeq: 4 });
    const longer = buildChain(6);
    expect(verifyChain(longer, head)).toMatchObject({ intact: false, brokenAtSeq: 6 });
  });

  it('detects a last entry rewritten and re-hashed', () => {
    const chain = buildChain(3);
    const head = headOf(chain);
    const last = chain[2];
    if (!last) throw new Error('no entry');
    last.details = 'Rewritten';
    last.hash = chainHash(last.prevHash, last);
    expect(verifyChain(chain, head)).toMatchObject({ intact: false, brokenAtSeq: 3 });
  });
});
