import type { SignerStatus } from '../statuses';
import { type RecipientRole, roleOf } from './roles';

/**
 * The route of a sent contract: who acts when. Recipients with equal order numbers form a group
 * and receive together; the groups go in sequence, each when every recipient of the groups before
 * it who blocks (all but CCs) is done. Sent "at once", everyone is in one group. A witness goes
 * with the signer they witness, once that signer has signed; a recipient left to be named by an
 * earlier one waits for their name. Delegated entries are the route's history, not its members.
 * The server decides turns with this (services/signing/advance-route.ts), the pages draw it.
 */
export type RouteMember = {
  id: string;
  role: RecipientRole;
  status: SignerStatus;
  signingOrder: number;
  /** The recipient's number on the contract (fields name their recipient by it). */
  position: number;
  /** A witness's signer, by number. */
  witnessOf: number | null;
  /** Who names this recipient, by number, while they are not named yet. */
  namedBy: number | null;
  email: string | null;
};

export type RouteState =
  /** Their part is done. */
  | 'done'
  /** It is their turn: they may act now. */
  | 'acting'
  /** A CC whose group was reached: they were told, and wait for the sealed PDF. */
  | 'copied'
  /** A witness waiting for their signer's signature. */
  | 'awaiting-signer'
  /** Left to be named by an earlier recipient, who has not named them yet. */
  | 'awaiting-name'
  /** Their group is not reached yet. */
  | 'later'
  /** They handed their turn to someone else. */
  | 'delegated'
  /** They declined or rejected: the contract is over. */
  | 'declined';

const live = <T extends RouteMember>(all: readonly T[]) =>
  all.filter((member) => member.status !== 'delegated');

export const isDone = (member: Pick<RouteMember, 'role' | 'status'>): boolean =>
  roleOf(member.role).doneIn.includes(member.status);

/** The group a recipient receives in: a witness's is their signer's. */
export function groupOf(member: RouteMember, all: readonly RouteMember[], sequential: boolean): number {
  if (!sequential) return 1;
  if (member.role === 'witness' && member.witnessOf !== null) {
    const signer = live(all).find((other) => other.position === member.witnessOf);
    if (signer) return signer.signingOrder;
  }
  return member.signingOrder;
}

/** The group whose turn it is; null once every recipient who blocks is done. */
export function currentGroup(all: readonly RouteMember[], sequential: boolean): number | null {
  const waiting = live(all).filter((member) => roleOf(member.role).blocks && !isDone(member));
  if (waiting.length === 0) return null;
  return Math.min(...waiting.map((member) => groupOf(member, all, sequential)));
}

/** Where one recipient stands on the route. */
export function routeStateOf(
  member: RouteMember,
  all: readonly RouteMember[],
  sequential: boolean,
): RouteState {
  if (member.status === 'delegated') return 'delegated';
  if (member.status === 'declined' || member.status === 'rejected') return 'declined';
  if (isDone(member)) return 'done';
  const current = currentGroup(all, sequential);
  const group = groupOf(member, all, sequential);
  const reachedNow = current === null || group <= current;
  if (!reachedNow) return 'later';
  if (member.email === null) return 'awaiting-name';
  if (member.role === 'cc') return 'copied';
  if (member.role === 'witness') {
    const signer = live(all).find((other) => other.position === member.witnessOf);
    if (signer && !isDone(signer)) return 'awaiting-signer';
  }
  return 'acting';
}

/** Whether it is this recipient's turn to act. */
export const mayActNow = (member: RouteMember, all: readonly RouteMember[], sequential: boolean): boolean =>
  routeStateOf(member, all, sequential) === 'acting';

/**
 * Who should have been told by now: everyone whose turn it is, and the CCs of every group
 * reached (all of them once the contract is complete).
 */
export function reached<T extends RouteMember>(all: readonly T[], sequential: boolean): T[] {
  return live(all).filter((member) => {
    const state = routeStateOf(member, all, sequential);
    return state === 'acting' || state === 'copied';
  });
}

export type RouteGroup<T> = { order: number; members: { member: T; state: RouteState }[] };

/** The route as a picture reads it: the groups in order, each member with where they stand. */
export function routeGroups<T extends RouteMember>(all: readonly T[], sequential: boolean): RouteGroup<T>[] {
  const groups = new Map<number, RouteGroup<T>>();
  const ordered = [...all].sort((a, b) => a.position - b.position);
  for (const member of ordered) {
    const order = groupOf(member, all, sequential);
    const group = groups.get(order) ?? { order, members: [] };
    group.members.push({ member, state: routeStateOf(member, all, sequential) });
    groups.set(order, group);
  }
  return [...groups.values()].sort((a, b) => a.order - b.order);
}

/**
 * How far a contract's recipients are, as a list counts it ("2 of 3 signed"): those who must act
 * (signers, approvers, witnesses, and viewers, who must open it: all who block), never a CC, nor
 * one who handed their turn on (their delegate counts instead). Said as "signed" when all of them
 * sign, else "done".
 */
export function routeProgress(all: readonly Pick<RouteMember, 'role' | 'status'>[]): {
  done: number;
  of: number;
  words: 'signed' | 'done';
} {
  const acting = all.filter((member) => member.status !== 'delegated' && roleOf(member.role).blocks);
  return {
    done: acting.filter(isDone).length,
    of: acting.length,
    words: acting.every((member) => roleOf(member.role).signs) ? 'signed' : 'done',
  };
}
