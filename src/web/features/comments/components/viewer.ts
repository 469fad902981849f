import type { Mentionable } from './mention-textarea';

/**
 * Who is reading: a team member (every thread, internal or shared, and "@" for the team), or the
 * other side's reviewer (the shared threads only, no mentions, resolving only their own threads).
 */
export type Viewer =
  | { kind: 'team'; people: Mentionable[] }
  | { kind: 'reviewer'; reviewerId: string; organizationName: string };

/** Whom "@" offers: the team to a team member, nobody to a reviewer. */
export function mentionablePeople(viewer: Viewer): Mentionable[] {
  return viewer.kind === 'team' ? viewer.people : [];
}
