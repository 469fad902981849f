import { useState } from 'react';
import { PersonFields } from '../../../components/person-fields';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useCorrectSigner } from '../api/signing';

/**
 * 'Correct' for a pending recipient of a sent contract: a mistyped name or address fixed without
 * canceling. Their earlier links stop working and the corrected address is invited again. For one
 * still to be named by an earlier recipient (no address yet), 'Name': the sender names them.
 */
export function CorrectSignerDialog({
  contractId,
  signer,
}: {
  contractId: string;
  signer: { id: string; name: string; email: string | null };
}) {
  const correct = useCorrectSigner(contractId);
  const naming = signer.email === null;
  // One to be named has a label at most ("Their signatory"), not a person's name.
  const [name, setName] = useState(naming ? '' : signer.name);
  const [email, setEmail] = useState(signer.email ?? '');
  const who = signer.name || 'the recipient to be named';
  return (
    <FormDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`${naming ? 'Name' : 'Correct'} ${who}`}>
          {naming ? 'Name' : 'Correct'}
        </Button>
      }
      title={naming ? `Name ${who} yourself` : `Correct ${signer.name}`}
      description={
        naming
          ? 'They were left for an earlier recipient to name. Named here, no one else names them, and they are invited when their group comes.'
          : 'The links already sent stop working at once; the corrected address gets a new invitation.'
      }
      keepLabel="Keep as it is"
      confirmLabel={naming ? 'Name them' : 'Correct and invite again'}
      ready={name.trim() !== '' && email.trim() !== ''}
      pending={correct.isPending}
      error={correct.error}
      onConfirm={() => correct.mutateAsync({ signerId: signer.id, name: name.trim(), email: email.trim() })}
    >
      <PersonFields name={name} email={email} onName={setName} onEmail={setEmail} />
    </FormDialog>
  );
}
