import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useCancelContract } from '../api/signing';

/** Cancel (void) a sent contract, with a reason the signers are told. */
export function CancelContractDialog({ contractId }: { contractId: string }) {
  const cancel = useCancelContract(contractId);
  return (
    <ReasonDialog
      trigger={
        <Button variant="danger" size="sm">
          Cancel contract
        </Button>
      }
      title="Cancel this contract?"
      description="Its signing links stop working, and everyone who was invited gets an e-mail with your reason."
      keepLabel="Keep it"
      confirmLabel="Cancel contract"
      pending={cancel.isPending}
      error={cancel.error}
      onConfirm={(reason) => cancel.mutateAsync(reason)}
    />
  );
}
