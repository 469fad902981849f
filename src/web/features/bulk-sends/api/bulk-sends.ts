import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { BulkSend } from '../../../../shared/api/bulk-sends';
import type { BulkColumn } from '../../../../shared/bulk/column-mapping';
import { spreadsheetMediaTypeOf } from '../../../../shared/spreadsheet-file';
import { api } from '../../../lib/api';
import { bulkSendKeys } from '../../../lib/query-keys';
import { type UploadProgress, uploadFile } from '../../../lib/upload-file';

/** Which rows a table shows: every row, those with a problem (while checking), those failed (once sent). */
export type RowFilter = 'all' | 'problems' | 'failed';

export const bulkRowPageSize = 50;

/** How often a batch being sent is read again, for its progress. */
const sendingPollMs = 1500;

const isSending = (batch: BulkSend | undefined) => batch?.status === 'sending';

/** A batch; read again every 1.5 s while it is being sent, and no more once it is done or stopped. */
export const bulkSendQuery = (id: string) =>
  queryOptions({
    queryKey: bulkSendKeys.detail(id),
    queryFn: () => api.bulkSends.get({ params: { id } }),
    refetchInterval: (query) => (isSending(query.state.data) ? sendingPollMs : false),
  });

/** A batch's rows in the order of the file, a page at a time; followed live while `live`. */
export const bulkRowsQuery = (id: string, show: RowFilter, live: boolean) =>
  infiniteQueryOptions({
    queryKey: bulkSendKeys.rows(id, show),
    queryFn: ({ pageParam }) =>
      api.bulkSends.rows({
        params: { id },
        query: { show, limit: bulkRowPageSize, cursor: pageParam || undefined },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: live ? sendingPollMs : false,
  });

/** The organization's bulk sends, newest first. */
export const bulkSendListQuery = infiniteQueryOptions({
  queryKey: bulkSendKeys.list(),
  queryFn: ({ pageParam }) => api.bulkSends.list({ query: { limit: 20, cursor: pageParam || undefined } }),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** Every change answers with the batch: it is stored as is, and its rows and the list read again. */
function storeBatch(client: QueryClient, batch: BulkSend) {
  client.setQueryData(bulkSendKeys.detail(batch.id), batch);
  void client.invalidateQueries({ queryKey: bulkSendKeys.allRows(batch.id) });
  void client.invalidateQueries({ queryKey: bulkSendKeys.list() });
}

/** A spreadsheet sent as the request body, as CSV or .xlsx by its name; the server says what is wrong with it. */
export function useUploadBulkSend(onProgress: (progress: UploadProgress) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, file, projectId }: { templateId: string; file: File; projectId: string }) =>
      uploadFile(
        api.bulkSends.upload,
        {
          params: { id: templateId },
          query: { fileName: file.name, ...(projectId ? { projectId } : {}) },
        },
        file,
        spreadsheetMediaTypeOf(file.name),
        onProgress,
      ),
    onSuccess: (batch) => storeBatch(client, batch),
  });
}

function useBatchChange<I>(call: (input: I) => Promise<BulkSend>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (batch) => storeBatch(client, batch) });
}

export const useSetBulkMapping = (id: string) =>
  useBatchChange((mapping: BulkColumn[]) => api.bulkSends.setMapping({ params: { id }, body: { mapping } }));

export const useUpdateBulkRow = (id: string) =>
  useBatchChange(({ row, cells }: { row: number; cells: string[] }) =>
    api.bulkSends.updateRow({ params: { id, row }, body: { cells } }),
  );

export const useRemoveBulkRow = (id: string) =>
  useBatchChange((row: number) => api.bulkSends.removeRow({ params: { id, row } }));

export const useSendBulk = (id: string) => useBatchChange(() => api.bulkSends.send({ params: { id } }));

export const useStopBulk = (id: string) => useBatchChange(() => api.bulkSends.stop({ params: { id } }));

export const useRetryBulk = (id: string) => useBatchChange(() => api.bulkSends.retry({ params: { id } }));

export function useDiscardBulk(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.bulkSends.discard({ params: { id } }),
    // The page leaves at once (its batch is not read again, to a 404); the list drops it.
    onSuccess: () => client.invalidateQueries({ queryKey: bulkSendKeys.list() }),
  });
}
