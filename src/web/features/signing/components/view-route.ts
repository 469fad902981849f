import type { Route } from '../../../../shared/api/route';
import type { PictureGroup } from '../../../components/route-picture';

/** The route a recipient's page receives (names only), as the picture draws it, "you" marked. */
export function viewRoute(route: Route): PictureGroup[] {
  const members = route.groups.flatMap((group) => group.members);
  const nameOf = (number: number | null) =>
    number === null
      ? null
      : (members.find((member) => member.number === number && member.state !== 'delegated')?.name ?? null);
  return route.groups.map((group) => ({
    order: group.order,
    members: group.members.map((member) => ({
      key: `${member.number}-${member.state}-${member.name}`,
      name: member.name,
      role: member.role,
      state: member.state,
      you: member.you,
      witnessOf: nameOf(member.witnessOf),
      namedBy: nameOf(member.namedBy),
    })),
  }));
}

/** Whose turn it is, in words: "Ann Approver's" or "Ann's and Bob's". */
export function whoseTurn(route: Route): string | null {
  const acting = route.groups
    .flatMap((group) => group.members)
    .filter((member) => member.state === 'acting' && !member.you && member.name);
  if (acting.length === 0) return null;
  const names = acting.map((member) => member.name);
  return names.length === 1 ? (names[0] ?? null) : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
