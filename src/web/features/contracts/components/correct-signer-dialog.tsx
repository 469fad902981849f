import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useCorrectSigner } from '../api/signing';

/**
 * 'Correct' for a pending recipient of a sent contract: a mistyped name or address fixed without
 * canceling. Their earlier links stop working and the corrected address is invited again.
 */
export function CorrectSignerDialog({
  contractId,
  signer,
}: {
  contractId: string;
  signer: { id: string; name: string; email: string };
}) {
  const correct = useCorrectSigner(contractId);
  const [name, setName] = useState(signer.name);
  const [email, setEmail] = useState(signer.email);
  return (
    <FormDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Correct ${signer.name}`}>
          Correct
        </Button>
      }
      title={`Correct ${signer.name}`}
      description="The links already sent stop working at once; the corrected address gets a new invitation."
      keepLabel="Keep as it is"
      confirmLabel="Correct and invite again"
      ready={name.trim() !== '' && email.trim() !== ''}
      pending={correct.isPending}
      error={correct.error}
      onConfirm={() => correct.mutateAsync({ signerId: signer.id, name: name.trim(), email: email.trim() })}
    >
      <TextField label="Name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      <TextField
        label="E-mail address"
        type="email"
        value={email}
        maxLength={320}
        onChange={(e) => setEmail(e.target.value)}
      />
    </FormDialog>
  );
}
