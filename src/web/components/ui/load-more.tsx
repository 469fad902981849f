import { Button } from './button';

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/** 'Load more' under a paged list, shown while the server has another page. */
export function LoadMore({ pages, className = '' }: { pages: Pages; className?: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={`flex justify-center ${className}`}>
      <Button
        variant="secondary"
        loading={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        Load more
      </Button>
    </div>
  );
}
