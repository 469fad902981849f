import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-errors';
import { useDelegate } from '../api/signing';

/**
 * 'Hand to someone else': the recipient names who acts in their place and why. The delegate gets
 * their own link by e-mail; this page then only says the document was handed on.
 */
export function DelegateDialog({ signerId }: { signerId: string }) {
  const delegate = useDelegate(signerId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const ready = name.trim() !== '' && email.trim() !== '' && reason.trim() !== '';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">Hand to someone else</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Hand to someone else</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            They get their own link by e-mail and act in your place. Your link stops working, and the sender
            sees who you chose and why.
          </Dialog.Description>
          <form
            className="mt-4 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!ready) return;
              delegate.mutateAsync({ name: name.trim(), email: email.trim(), reason: reason.trim() }).then(
                () => setOpen(false),
                () => {
                  // Stays open: the failure is shown below.
                },
              );
            }}
          >
            <TextField
              label="Their name"
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
            />
            <TextField
              label="Their e-mail address"
              type="email"
              value={email}
              maxLength={320}
              onChange={(e) => setEmail(e.target.value)}
            />
            <div>
              <label htmlFor="delegate-reason" className="block text-sm font-medium text-slate-700">
                Reason
              </label>
              <textarea
                id="delegate-reason"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                maxLength={1000}
                rows={3}
                className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
              />
            </div>
            {delegate.error ? <ErrorBanner>{errorMessage(delegate.error)}</ErrorBanner> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Keep it</Button>
              </Dialog.Close>
              <Button type="submit" loading={delegate.isPending} disabled={!ready}>
                Hand it on
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
