import { renumberTextFields } from '../../../editor/signing-field-values';
import { type RecipientRole, roleOf, rolePlaceholderEmail } from '../../../shared/recipients';
import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { copyRecipients } from '../contracts/copy-recipients';
import { createContract } from '../contracts/create-contract';

/**
 * A new template made of a contract: its title, content and PDFs, and its route as roles. Each
 * recipient becomes a role in the same place (its kind, order number, the signer a witness
 * witnesses, who names whom), named by its kind ("Signer 1", "Approver") and holding a placeholder
 * address, so each contract made from the template is given its own people; the fields placed for
 * a recipient are the role's. Access codes are not copied; the e-mailed code is. The contract itself
 * is untouched.
 */
export async function saveAsTemplate(
  ctx: ServiceContext<'content'>,
  contractId: string,
  input: { id?: string },
): Promise<{ id: string; created: boolean }> {
  const { db, actor } = ctx;
  const source = await findOwnContract(db, actor, contractId, { kind: 'contract' });
  const { list, numberOf } = await copyRecipients(db, contractId);
  const names = roleNames(list.map((recipient) => recipient.role));
  const roles = list.map(({ accessCodeToSet: _dropped, ...recipient }, index) =>
    // One left to be named keeps its label ("Client's signatory") and waits to be named again.
    recipient.namedBy !== null
      ? { ...recipient, name: recipient.email === null ? recipient.name : '', email: null }
      : {
          ...recipient,
          name: names[index] ?? roleOf(recipient.role).label,
          email: rolePlaceholderEmail(index + 1),
        },
  );
  return createContract(
    ctx,
    {
      id: input.id,
      title: source.title,
      content: renumberTextFields(source.content, numberOf),
      isTemplate: true,
      signers: roles,
    },
    { from: 'contract', id: source.id, title: source.title },
    { numberOf },
  );
}

/** "Signer 1", "Signer 2", "Approver": a kind numbered only when the route holds more than one. */
function roleNames(roles: RecipientRole[]): string[] {
  const total = new Map<RecipientRole, number>();
  for (const role of roles) total.set(role, (total.get(role) ?? 0) + 1);
  const seen = new Map<RecipientRole, number>();
  return roles.map((role) => {
    const number = (seen.get(role) ?? 0) + 1;
    seen.set(role, number);
    return (total.get(role) ?? 0) > 1 ? `${roleOf(role).label} ${number}` : roleOf(role).label;
  });
}
