import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useDecline } from '../api/signing';

/** 'Decline' asks for a reason first: the sender sees it, and the contract is canceled. */
export function DeclineDialog({ signerId }: { signerId: string }) {
  const decline = useDecline(signerId);
  return (
    <ReasonDialog
      trigger={<Button variant="danger">Decline</Button>}
      title="Decline to sign"
      description="The document will be canceled for everyone, and the sender will see your reason."
      keepLabel="Keep the document"
      confirmLabel="Decline"
      pending={decline.isPending}
      error={decline.error}
      onConfirm={(reason) => decline.mutateAsync(reason)}
    />
  );
}
