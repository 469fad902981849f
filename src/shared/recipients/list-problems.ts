import { type RecipientRole, roleOf } from './roles';

type Entry = {
  id?: string | undefined;
  name: string;
  email?: string | null | undefined;
  role: RecipientRole;
  witnessOf?: number | null | undefined;
  namedBy?: number | null | undefined;
};
export type ListProblem = { path: (string | number)[]; message: string };

/**
 * What is wrong with a list of recipients as the sender saved it, each problem at its entry:
 * the same person twice, a name or address missing, a witness without a signer, a recipient to be
 * named by someone who cannot name them. (Whether the order lets a name come in time is checked
 * at send, when the order is chosen.)
 */
export function recipientListProblems(list: readonly Entry[]): ListProblem[] {
  const problems: ListProblem[] = [];
  const ids = new Set<string>();
  const emails = new Set<string>();
  const witnessed = new Set<number>();
  list.forEach((entry, index) => {
    const at = (key: string, message: string) => problems.push({ path: [index, key], message });
    if (entry.id) {
      if (ids.has(entry.id)) at('id', 'Two signers cannot share one id');
      ids.add(entry.id);
    }
    if (entry.namedBy == null) {
      if (entry.name === '') at('name', 'Signer name is required');
      if (!entry.email) at('email', 'Email is required');
    } else {
      if (entry.email) at('email', 'A recipient left to be named has no address yet: leave it out');
      const namer = list[entry.namedBy - 1];
      if (!namer || entry.namedBy === index + 1) {
        at('namedBy', 'Choose another recipient of this list to name this one');
      } else if (!roleOf(namer.role).mayName || namer.namedBy != null) {
        at(
          'namedBy',
          `A ${roleOf(namer.role).label.toLowerCase()}${namer.namedBy != null ? ' who is named later' : ''} cannot name another recipient: choose a signer or approver`,
        );
      }
    }
    if (entry.email) {
      if (emails.has(entry.email)) at('email', `${entry.email} is already a signer on this contract`);
      emails.add(entry.email);
    }
    if (entry.role === 'witness') {
      const signer = entry.witnessOf == null ? undefined : list[entry.witnessOf - 1];
      if (!signer || entry.witnessOf === index + 1 || signer.role !== 'signer') {
        at('witnessOf', 'Choose the signer this witness witnesses');
      } else if (entry.witnessOf != null) {
        if (witnessed.has(entry.witnessOf)) at('witnessOf', 'That signer already has a witness');
        witnessed.add(entry.witnessOf);
      }
    } else if (entry.witnessOf != null) {
      at('witnessOf', 'Only a witness witnesses a signer');
    }
  });
  return problems;
}
