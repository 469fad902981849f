import { useState } from 'react';
import { PersonFields } from '../../../components/person-fields';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useDelegate } from '../api/signing';

/**
 * 'Hand to someone else': the recipient names who acts in their place and why. The delegate gets
 * their own link by e-mail; this page then only says the document was handed on.
 */
export function DelegateDialog({ signerId }: { signerId: string }) {
  const delegate = useDelegate(signerId);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      trigger={<Button variant="secondary">Hand to someone else</Button>}
      title="Hand to someone else"
      description="They get their own link by e-mail and act in your place. Your link stops working, and the sender sees who you chose and why."
      keepLabel="Keep it"
      confirmLabel="Hand it on"
      ready={name.trim() !== '' && email.trim() !== '' && reason.trim() !== ''}
      pending={delegate.isPending}
      error={delegate.error}
      onConfirm={() =>
        delegate.mutateAsync({ name: name.trim(), email: email.trim(), reason: reason.trim() })
      }
    >
      <PersonFields
        name={name}
        email={email}
        onName={setName}
        onEmail={setEmail}
        labels={{ name: 'Their name', email: 'Their e-mail address' }}
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
    </FormDialog>
  );
}
