import type { BulkSend } from '../../../../shared/api/bulk-sends';
import { CheckingRow } from './checking-row';
import { RowsCard } from './rows-card';

/** The rows of a batch being checked, every one or only those with a problem, to fix in place. */
export function CheckingRowsCard({ batch }: { batch: BulkSend }) {
  return (
    <RowsCard
      batch={batch}
      only={{
        show: 'problems',
        label: `Only rows with problems (${batch.problems.rows})`,
        none: 'No row has a problem.',
      }}
      lead={['Actions']}
      row={(row) => <CheckingRow key={row.row} batch={batch} row={row} />}
    />
  );
}
