import { QueryClient } from '@tanstack/react-query';
import { AppError } from '../../shared/errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change by asking again; a 5xx or a network error may.
      retry: (failures, error) => !(error instanceof AppError && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});
