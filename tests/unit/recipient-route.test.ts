import { describe, expect, it } from 'vitest';
import {
  currentGroup,
  groupOf,
  mayActNow,
  type RouteMember,
  reached,
  recipientListProblems,
  routeGroups,
  routeProgress,
  routeStateOf,
} from '../../src/shared/recipients';

let next = 0;
const member = (fields: Partial<RouteMember> & Pick<RouteMember, 'role' | 'signingOrder'>): RouteMember => {
  next += 1;
  return {
    id: `r${next}`,
    status: 'pending',
    position: next,
    witnessOf: null,
    namedBy: null,
    email: `r${next}@example.com`,
    ...fields,
  };
};

/** Approver (1); two signers (2, 2); a signer (3) with a witness; a viewer (3); a CC (2). */
function route() {
  next = 0;
  const approver = member({ role: 'approver', signingOrder: 1 });
  const left = member({ role: 'signer', signingOrder: 2 });
  const right = member({ role: 'signer', signingOrder: 2 });
  const last = member({ role: 'signer', signingOrder: 3 });
  const witness = member({ role: 'witness', signingOrder: 1, witnessOf: last.position });
  const viewer = member({ role: 'viewer', signingOrder: 3 });
  const cc = member({ role: 'cc', signingOrder: 2 });
  return {
    approver,
    left,
    right,
    last,
    witness,
    viewer,
    cc,
    all: [approver, left, right, last, witness, viewer, cc],
  };
}

const names = (members: readonly RouteMember[]) => members.map((one) => one.id).sort();

describe('the route', () => {
  it('goes group by group: equal numbers together, each when the groups before are done', () => {
    const r = route();
    expect(currentGroup(r.all, true)).toBe(1);
    expect(names(reached(r.all, true))).toEqual([r.approver.id]);
    expect(routeStateOf(r.left, r.all, true)).toBe('later');
    expect(mayActNow(r.left, r.all, true)).toBe(false);

    r.approver.status = 'approved';
    expect(currentGroup(r.all, true)).toBe(2);
    // Both 2s at once, and the CC of group 2 is told; nobody of group 3 yet.
    expect(names(reached(r.all, true))).toEqual(names([r.left, r.right, r.cc]));
    expect(routeStateOf(r.cc, r.all, true)).toBe('copied');

    r.left.status = 'signed';
    expect(currentGroup(r.all, true)).toBe(2);
    expect(mayActNow(r.last, r.all, true)).toBe(false);
    r.right.status = 'signed';
    expect(currentGroup(r.all, true)).toBe(3);
    expect(names(reached(r.all, true))).toEqual(names([r.last, r.viewer, r.cc]));
  });

  it('puts a witness in their signer’s group, acting once that signer has signed', () => {
    const r = route();
    r.approver.status = 'approved';
    r.left.status = 'signed';
    r.right.status = 'signed';
    expect(groupOf(r.witness, r.all, true)).toBe(3);
    expect(routeStateOf(r.witness, r.all, true)).toBe('awaiting-signer');
    r.last.status = 'signed';
    r.viewer.status = 'viewed';
    expect(routeStateOf(r.witness, r.all, true)).toBe('acting');
    // The witness still blocks: the contract is not complete without them.
    expect(currentGroup(r.all, true)).toBe(3);
    r.witness.status = 'signed';
    expect(currentGroup(r.all, true)).toBeNull();
  });

  it('never waits on a CC, and a viewer is done once they opened it', () => {
    const r = route();
    for (const one of [r.approver]) one.status = 'approved';
    for (const one of [r.left, r.right, r.last, r.witness]) one.status = 'signed';
    expect(currentGroup(r.all, true)).toBe(3);
    r.viewer.status = 'viewed';
    expect(currentGroup(r.all, true)).toBeNull();
    expect(routeStateOf(r.cc, r.all, true)).toBe('copied');
  });

  it('sent at once, everyone is one group; a signer who opened is not done', () => {
    const r = route();
    expect(currentGroup(r.all, false)).toBe(1);
    expect(mayActNow(r.last, r.all, false)).toBe(true);
    r.last.status = 'viewed';
    expect(mayActNow(r.last, r.all, false)).toBe(true);
    expect(routeStateOf(r.witness, r.all, false)).toBe('awaiting-signer');
  });

  it('waits for a name, and leaves a delegated entry out of the route', () => {
    const r = route();
    r.right.email = null;
    r.right.namedBy = r.approver.position;
    r.approver.status = 'approved';
    expect(routeStateOf(r.right, r.all, true)).toBe('awaiting-name');
    expect(reached(r.all, true).map((one) => one.id)).not.toContain(r.right.id);

    r.left.status = 'delegated';
    const delegate = { ...r.left, id: 'delegate', status: 'pending' as const, email: 'd@example.com' };
    const all = [...r.all, delegate];
    expect(routeStateOf(r.left, all, true)).toBe('delegated');
    expect(mayActNow(delegate, all, true)).toBe(true);
    expect(reached(all, true).map((one) => one.id)).not.toContain(r.left.id);
    const group2 = routeGroups(all, true).find((group) => group.order === 2);
    expect(group2?.members.map(({ member: one, state }) => [one.id, state])).toEqual([
      // The delegate stands beside whom they act for: they took their number.
      [r.left.id, 'delegated'],
      ['delegate', 'acting'],
      [r.right.id, 'awaiting-name'],
      [r.cc.id, 'copied'],
    ]);
  });
});

describe('a recipient list as saved', () => {
  const entry = (fields: Partial<Parameters<typeof recipientListProblems>[0][number]>) => ({
    name: 'Ann',
    email: 'ann@example.com',
    role: 'signer' as const,
    ...fields,
  });

  it('refuses a witness without a signer, two witnesses of one signer, and a witness of a CC', () => {
    const problems = recipientListProblems([
      entry({}),
      entry({ name: 'W1', email: 'w1@example.com', role: 'witness', witnessOf: 1 }),
      entry({ name: 'W2', email: 'w2@example.com', role: 'witness', witnessOf: 1 }),
      entry({ name: 'C', email: 'c@example.com', role: 'cc' }),
      entry({ name: 'W3', email: 'w3@example.com', role: 'witness', witnessOf: 4 }),
      entry({ name: 'W4', email: 'w4@example.com', role: 'witness' }),
      entry({ name: 'S', email: 's@example.com', witnessOf: 1 }),
    ]);
    expect(problems).toEqual([
      { path: [2, 'witnessOf'], message: 'That signer already has a witness' },
      { path: [4, 'witnessOf'], message: 'Choose the signer this witness witnesses' },
      { path: [5, 'witnessOf'], message: 'Choose the signer this witness witnesses' },
      { path: [6, 'witnessOf'], message: 'Only a witness witnesses a signer' },
    ]);
  });

  it('lets an earlier signer or approver name a recipient, who then has no address', () => {
    expect(recipientListProblems([entry({}), entry({ name: '', email: null, namedBy: 1 })])).toEqual([]);
    expect(
      recipientListProblems([
        entry({ role: 'cc' }),
        entry({ name: '', email: null, namedBy: 1 }),
        entry({ name: '', email: 'x@example.com', namedBy: 2 }),
        entry({ name: '', email: null, namedBy: 4 }),
      ]).map((problem) => [problem.path.join('.'), problem.message]),
    ).toEqual([
      ['1.namedBy', 'A cc cannot name another recipient: choose a signer or approver'],
      ['2.email', 'A recipient left to be named has no address yet: leave it out'],
      ['2.namedBy', 'A signer who is named later cannot name another recipient: choose a signer or approver'],
      ['3.namedBy', 'Choose another recipient of this list to name this one'],
    ]);
  });

  it('asks a name and an address of everyone else, each address once', () => {
    expect(
      recipientListProblems([entry({ name: '' }), entry({ email: null }), entry({ name: 'Bo' })]).map(
        (problem) => problem.message,
      ),
    ).toEqual([
      'Signer name is required',
      'Email is required',
      'ann@example.com is already a signer on this contract',
    ]);
  });
});

describe('routeProgress', () => {
  const entry = (role: RouteMember['role'], status: RouteMember['status']) => ({ role, status });
  it('counts those who must act, viewers included, never a CC nor a delegated entry', () => {
    expect(
      routeProgress([
        entry('approver', 'approved'),
        entry('signer', 'signed'),
        entry('signer', 'pending'),
        entry('witness', 'pending'),
        entry('viewer', 'viewed'),
        entry('cc', 'pending'),
        entry('signer', 'delegated'),
      ]),
    ).toEqual({ done: 3, of: 5, words: 'done' });
  });
  it('says "signed" when everyone counted signs', () => {
    expect(
      routeProgress([entry('signer', 'signed'), entry('witness', 'pending'), entry('cc', 'pending')]),
    ).toEqual({ done: 1, of: 2, words: 'signed' });
  });
});
