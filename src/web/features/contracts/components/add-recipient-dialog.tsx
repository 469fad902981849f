import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { Contract } from '../../../../shared/api/contracts';
import { type RecipientRole, roleOf } from '../../../../shared/recipients';
import { PersonFields } from '../../../components/person-fields';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useAddRecipient } from '../api/signing';
import { RoleSelect, selectClass } from './recipient-route-controls';

type Recipient = Contract['signers'][number];

/**
 * 'Add recipient' on a contract sent in order: someone joins a group not reached yet (a later
 * group, or a new one at the end), or witnesses a signer who has not signed. The document as sent
 * stays as it is; the server says why when the group was reached already.
 */
export function AddRecipientDialog({ contract }: { contract: Contract }) {
  const add = useAddRecipient(contract.id);
  const live = contract.signers.filter((signer) => signer.status !== 'delegated');
  const lastGroup = Math.max(1, ...live.map((signer) => signer.signingOrder));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RecipientRole>('signer');
  const [order, setOrder] = useState(String(lastGroup));
  const signersToWitness = live.filter((signer) => roleOf(signer.role).signs && signer.role !== 'witness');
  const [witnessOf, setWitnessOf] = useState<number | null>(null);
  const witness = role === 'witness';
  const orderNumber = Number(order);
  const ready =
    name.trim() !== '' &&
    email.trim() !== '' &&
    (witness ? witnessOf !== null : Number.isInteger(orderNumber) && orderNumber >= 1);
  const reset = () => {
    setName('');
    setEmail('');
    setRole('signer');
    setWitnessOf(null);
  };
  return (
    <FormDialog
      trigger={
        <Button variant="secondary" size="sm">
          <UserPlus aria-hidden="true" className="size-4" /> Add recipient
        </Button>
      }
      title="Add a recipient"
      description="They join a group whose turn has not come, and are invited when it does. The document as sent stays as it is."
      keepLabel="Cancel"
      confirmLabel="Add recipient"
      ready={ready}
      pending={add.isPending}
      error={add.error}
      onConfirm={async () => {
        const witnessed = live.find((signer) => signer.number === witnessOf);
        await add.mutateAsync({
          name: name.trim(),
          email: email.trim(),
          role,
          signingOrder: witness && witnessed ? witnessed.signingOrder : orderNumber,
          ...(witness && witnessOf !== null ? { witnessOf } : {}),
        });
        reset();
      }}
    >
      <PersonFields name={name} email={email} onName={setName} onEmail={setEmail} />
      <RoleSelect label="Role" value={role} onChange={setRole} />
      {witness ? (
        <WitnessSelect signers={signersToWitness} value={witnessOf} onChange={setWitnessOf} />
      ) : (
        <TextField
          label="Order number"
          type="number"
          min={1}
          max={100}
          inputMode="numeric"
          value={order}
          onChange={(e) => setOrder(e.target.value)}
        />
      )}
    </FormDialog>
  );
}

function WitnessSelect({
  signers,
  value,
  onChange,
}: {
  signers: Recipient[];
  value: number | null;
  onChange: (number: number | null) => void;
}) {
  return (
    <div>
      <label htmlFor="add-recipient-witness-of" className="block text-sm font-medium text-slate-700">
        Witness to
      </label>
      <select
        id="add-recipient-witness-of"
        className={selectClass}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">Choose the signer they witness</option>
        {signers.map((signer) => (
          <option key={signer.id} value={signer.number}>
            {signer.number}. {signer.name || 'To be named'}
          </option>
        ))}
      </select>
    </div>
  );
}
