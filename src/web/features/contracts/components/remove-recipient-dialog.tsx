import { useState } from 'react';
import type { Contract } from '../../../../shared/api/contracts';
import { isDone, roleOf } from '../../../../shared/recipients';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useRemoveRecipient } from '../api/signing';
import { selectClass } from './recipient-route-controls';

type Recipient = Contract['signers'][number];

/**
 * 'Remove' for a recipient of a sent contract who has not acted. Fields of theirs go to another
 * recipient the sender chooses; with none chosen the server refuses a removal that would leave
 * fields nobody fills, and says so in the dialog.
 */
export function RemoveRecipientDialog({ contract, recipient }: { contract: Contract; recipient: Recipient }) {
  const remove = useRemoveRecipient(contract.id);
  const heirs = contract.signers.filter(
    (other) =>
      other.id !== recipient.id &&
      other.status !== 'delegated' &&
      roleOf(other.role).mayHaveFields &&
      !isDone(other),
  );
  const [heir, setHeir] = useState<number | null>(null);
  const who = recipient.name || 'the recipient to be named';
  return (
    <FormDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Remove ${who}`}>
          Remove
        </Button>
      }
      title={`Remove ${who}`}
      description="Their links stop working and they are told there is nothing left for them to do. The document as sent stays as it is."
      keepLabel="Keep them"
      confirmLabel="Remove"
      ready
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        remove.mutateAsync({ signerId: recipient.id, ...(heir === null ? {} : { reassignFieldsTo: heir }) })
      }
    >
      {roleOf(recipient.role).mayHaveFields && (
        <div>
          <label htmlFor={`heir-${recipient.id}`} className="block text-sm font-medium text-slate-700">
            Their fields, if they have any, go to
          </label>
          <select
            id={`heir-${recipient.id}`}
            className={selectClass}
            value={heir ?? ''}
            onChange={(event) => setHeir(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">Nobody: they have no fields</option>
            {heirs.map((other) => (
              <option key={other.id} value={other.number}>
                {other.number}. {other.name || 'To be named'} ({roleOf(other.role).label})
              </option>
            ))}
          </select>
        </div>
      )}
    </FormDialog>
  );
}
