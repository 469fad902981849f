import type { Contract } from '../../../../shared/api/contracts';
import { routeGroups } from '../../../../shared/recipients';
import type { PictureGroup } from '../../../components/route-picture';

/**
 * A sent contract's route as the picture draws it, decided by the same rules the server follows
 * (shared/recipients/route.ts) on the contract's recipients.
 */
export function contractRoute(contract: Pick<Contract, 'signers' | 'sequential'>): PictureGroup[] {
  const members = contract.signers.map((signer) => ({ ...signer, position: signer.number }));
  const nameOf = (number: number | null) =>
    number === null
      ? null
      : (members.find((other) => other.position === number && other.status !== 'delegated')?.name ?? null);
  return routeGroups(members, contract.sequential).map((group) => ({
    order: group.order,
    members: group.members.map(({ member, state }) => ({
      key: member.id,
      name: member.name,
      role: member.role,
      state,
      witnessOf: nameOf(member.witnessOf),
      namedBy: nameOf(member.namedBy),
    })),
  }));
}
