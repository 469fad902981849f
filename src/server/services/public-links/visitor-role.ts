import { AppError } from '../../../shared/errors';
import { isRolePlaceholder, roleOf } from '../../../shared/recipients';
import type { Database } from '../../db/client';
import { copyRecipients } from '../contracts/copy-recipients';

/**
 * Whether a template can be published for a visitor in this role, and the role's name. The
 * visitor's role is a signer whose person is given per contract (a placeholder) and acts first
 * (its order number is the lowest of those the contract waits for); every other role already has
 * its person, or a submission would make a contract nobody could send. The sentence names what
 * to change in the template.
 */
export async function checkVisitorRole(
  db: Database,
  templateId: string,
  roleNumber: number,
): Promise<{ roleName: string; otherEmails: string[] }> {
  const { list } = await copyRecipients(db, templateId);
  const role = list[roleNumber - 1];
  const field = 'roleNumber';
  if (!role) {
    throw new AppError(
      'INVALID_INPUT',
      `The template has no role ${roleNumber}: it has ${list.length}`,
      field,
    );
  }
  const name = role.name || `Role ${roleNumber}`;
  if (role.role !== 'signer') {
    throw new AppError('INVALID_INPUT', `The role "${name}" is not a signer: a visitor can only sign`, field);
  }
  if (!isRolePlaceholder(role.email)) {
    throw new AppError(
      'INVALID_INPUT',
      `The role "${name}" already has a person (${role.email}): the visitor's role must be one given its person per contract`,
      field,
    );
  }
  const first = Math.min(
    ...list.filter((entry) => roleOf(entry.role).blocks).map((entry) => entry.signingOrder ?? 1),
  );
  if ((role.signingOrder ?? 1) !== first) {
    throw new AppError(
      'INVALID_INPUT',
      `The role "${name}" is in group ${role.signingOrder}: the visitor signs first, so their role must be in the first group (${first})`,
      field,
    );
  }
  for (const [index, other] of list.entries()) {
    if (index === roleNumber - 1) continue;
    if (isRolePlaceholder(other.email) || !other.email || other.namedBy !== null) {
      throw new AppError(
        'INVALID_INPUT',
        `Fill in the person for the role "${other.name || `Role ${index + 1}`}" in the template first: every role but the visitor's needs a real person`,
        field,
      );
    }
  }
  const otherEmails = list.flatMap((entry, index) =>
    index === roleNumber - 1 || !entry.email ? [] : [entry.email],
  );
  return { roleName: name, otherEmails };
}
