import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SignaturePad, type SignatureValue } from '../../../components/ui/signature-pad';
import { errorMessage } from '../../../lib/api-errors';
import { useSession } from '../../auth/api/session';
import { savedSignatureQuery, useSavedSignatureChanges } from '../api/signatures';

/** The user's own signature, drawn or typed once and offered whenever they sign. */
export function SavedSignatureCard() {
  const saved = useQuery(savedSignatureQuery);
  const session = useSession();
  const changes = useSavedSignatureChanges();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<SignatureValue>(null);
  const error = changes.save.error ?? changes.remove.error;
  const showPad = editing || (saved.data && !saved.data.image);
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">Your signature</h2>
      <p className="mt-1 text-sm text-slate-600">
        Saved here, it is offered when you sign a document sent to your e-mail while you are signed in.
      </p>
      <div className="mt-4">
        {saved.data?.image && !editing ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <img
              src={saved.data.image}
              alt="Your saved signature"
              className="h-20 w-auto max-w-full rounded-md bg-white object-contain ring-1 ring-slate-200"
            />
            <div className="flex gap-2 sm:ml-auto">
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                Change
              </Button>
              <Button
                variant="ghost"
                size="sm"
                loading={changes.remove.isPending}
                onClick={() => changes.remove.mutate()}
              >
                Remove
              </Button>
            </div>
          </div>
        ) : showPad ? (
          <div className="max-w-xl space-y-3">
            <SignaturePad onChange={setValue} defaultName={session.data?.name ?? ''} />
            <div className="flex gap-2">
              <Button
                disabled={!value}
                loading={changes.save.isPending}
                onClick={() => {
                  if (value) changes.save.mutate(value, { onSuccess: () => setEditing(false) });
                }}
              >
                Save signature
              </Button>
              {editing && (
                <Button variant="ghost" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              )}
            </div>
          </div>
        ) : null}
        {error && (
          <div className="mt-3">
            <ErrorBanner>{errorMessage(error)}</ErrorBanner>
          </div>
        )}
      </div>
    </Card>
  );
}
