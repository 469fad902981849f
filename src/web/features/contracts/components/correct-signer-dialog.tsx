import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-errors';
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
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(signer.name);
  const [email, setEmail] = useState(signer.email);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Correct ${signer.name}`}>
          Correct
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Correct {signer.name}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            The links already sent stop working at once; the corrected address gets a new invitation.
          </Dialog.Description>
          <form
            className="mt-4 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              correct.mutateAsync({ signerId: signer.id, name: name.trim(), email: email.trim() }).then(
                () => setOpen(false),
                () => {
                  // Stays open: the failure is shown below.
                },
              );
            }}
          >
            <TextField label="Name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
            <TextField
              label="E-mail address"
              type="email"
              value={email}
              maxLength={320}
              onChange={(e) => setEmail(e.target.value)}
            />
            {correct.error ? <ErrorBanner>{errorMessage(correct.error)}</ErrorBanner> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Keep as it is</Button>
              </Dialog.Close>
              <Button type="submit" loading={correct.isPending} disabled={!name.trim() || !email.trim()}>
                Correct and invite again
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
