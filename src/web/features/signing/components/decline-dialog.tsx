import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useDecline } from '../api/signing';

/**
 * 'Decline' (or an approver's 'Reject') asks for a reason first: the sender sees it, and the
 * contract is canceled.
 */
export function DeclineDialog({ signerId, reject = false }: { signerId: string; reject?: boolean }) {
  const decline = useDecline(signerId);
  return (
    <ReasonDialog
      trigger={<Button variant="danger">{reject ? 'Reject' : 'Decline'}</Button>}
      title={reject ? 'Reject the document' : 'Decline to sign'}
      description={
        reject
          ? 'The contract ends for everyone: nobody after you is asked to sign, and the sender sees your reason.'
          : 'The document will be canceled for everyone, and the sender will see your reason.'
      }
      keepLabel="Keep the document"
      confirmLabel={reject ? 'Reject' : 'Decline'}
      pending={decline.isPending}
      error={decline.error}
      onConfirm={(reason) => decline.mutateAsync(reason)}
    />
  );
}
