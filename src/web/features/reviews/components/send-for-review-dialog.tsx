import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-errors';
import { useSendForReview } from '../api/reviews';

type Person = { name: string; email: string };

/**
 * Whom to send the draft to for review (the other side's lawyer, say): each gets a link of their
 * own by e-mail. The draft must be saved first: the review is of what is stored.
 */
export function SendForReviewDialog({
  contractId,
  revision,
  open,
  onOpenChange,
  known,
}: {
  contractId: string;
  revision: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Reviewers invited before: invited again with one click. */
  known: Person[];
}) {
  const send = useSendForReview(contractId);
  const [people, setPeople] = useState<Person[]>(known);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const add = () => {
    if (!name.trim() || !email.trim()) return;
    setPeople((current) => [...current, { name: name.trim(), email: email.trim() }]);
    setName('');
    setEmail('');
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setPeople(known);
        send.reset();
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Send for review</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Each reviewer gets a link by e-mail to read the saved draft and suggest changes. You accept or
            reject each change; nothing is signed yet.
          </Dialog.Description>
          <ul className="mt-4 space-y-2" aria-label="Reviewers to invite">
            {people.map((person) => (
              <li
                key={person.email}
                className="flex items-center justify-between rounded-md bg-slate-50 px-3 py-2 text-sm"
              >
                <span className="min-w-0 truncate">
                  {person.name} <span className="text-slate-500">{person.email}</span>
                </span>
                <button
                  type="button"
                  aria-label={`Remove ${person.name}`}
                  className="rounded p-1 text-slate-500 hover:bg-slate-200"
                  onClick={() =>
                    setPeople((current) => current.filter((other) => other.email !== person.email))
                  }
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
          <form
            className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              add();
            }}
          >
            <TextField label="Reviewer name" value={name} onChange={(event) => setName(event.target.value)} />
            <TextField
              label="Reviewer email"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={!name.trim() || !email.trim()}>
              Add
            </Button>
          </form>
          {send.error ? (
            <div className="mt-4">
              <ErrorBanner>{errorMessage(send.error)}</ErrorBanner>
            </div>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button
              disabled={people.length === 0}
              loading={send.isPending}
              onClick={() =>
                send.mutate(
                  { reviewers: people, baseRevision: revision },
                  { onSuccess: () => onOpenChange(false) },
                )
              }
            >
              Send for review
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
