import type { ReactNode } from 'react';
import { RetryNotice } from '@rewards/shared/ui/retry-notice.tsx';
import { useT } from '../messages';
import { useErrorText } from './format';
import styles from './query-view.module.css';

type Props = {
  /** Names what loads, in the page's language: "Loading the ticket". */
  label: string;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Skeleton rows while it loads. */
  rows?: number;
  children: ReactNode;
};

/** A list or a record as it loads: skeleton rows, then what the server said, or its refusal with Retry. */
export function QueryView({ label, isLoading, error, onRetry, rows = 4, children }: Props) {
  const { errorMessage } = useErrorText();
  if (isLoading) {
    return (
      <div role="status" aria-label={label} className={styles.skeleton}>
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className={styles.skeletonRow} />
        ))}
      </div>
    );
  }
  if (error) return <RetryNotice placement="inline" message={errorMessage(error)} onRetry={onRetry} />;
  return <>{children}</>;
}

type LoadMoreProps = { hasMore: boolean; loading: boolean; onLoadMore: () => void };

/** The next page of a list, on demand. */
export function LoadMore({ hasMore, loading, onLoadMore }: LoadMoreProps) {
  const t = useT();
  if (!hasMore) return null;
  return (
    <button type="button" className={`outline-button ${styles.loadMore}`} onClick={onLoadMore} disabled={loading}>
      {loading ? t('admin.list.loadingMore') : t('admin.list.loadMore')}
    </button>
  );
}
