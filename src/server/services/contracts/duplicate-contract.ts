import { renumberTextFields } from '../../../editor/signing-field-values';
import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { copyRecipients } from './copy-recipients';
import { createContract } from './create-contract';

/**
 * A new draft with the same content, project and signers as a contract in any status. Access
 * codes are not copied; a signer who had one waits for the sender to set a new one or remove it.
 */
export async function duplicateContract(
  ctx: ServiceContext<'content'>,
  contractId: string,
  input: { id?: string },
): Promise<{ id: string; created: boolean }> {
  const { db, actor } = ctx;
  const source = await findOwnContract(db, actor, contractId, { kind: 'contract' });
  // The copy asks the same e-mailed code (no secret in that), but not the access code: that is a
  // secret the sender shared for the original signing, and a copy silently asking for it would
  // lock out a signer who was never given it again. Nor may the copy go out silently without
  // one: it is not sent until the sender sets a new code or removes it.
  // The route is kept (roles, groups, witnesses, who names whom), numbered from 1 again (a
  // recipient removed while out left a gap); one who handed their turn on is not copied (their
  // delegate is), and one named by an earlier recipient is left to be named again: with the
  // sender's label ("Client's signatory") while still unnamed (their name is then that label), with
  // none once named (it is the named person's).
  const { list, numberOf } = await copyRecipients(db, contractId);
  const people = list.map((row) =>
    row.namedBy === null || row.email === null ? row : { ...row, name: '', email: null },
  );
  const title = `${source.title} (copy)`.slice(0, 200);
  return createContract(
    ctx,
    {
      id: input.id,
      title,
      content: renumberTextFields(source.content, numberOf),
      projectId: source.projectId ?? undefined,
      isTemplate: false,
      signers: people,
    },
    { from: 'duplicate', id: source.id, title: source.title },
    { numberOf },
  );
}
