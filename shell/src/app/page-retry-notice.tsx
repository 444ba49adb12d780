import { RetryNotice } from '@rewards/shared/ui/retry-notice.tsx';

/** What a page shows in its place when its code could not load (spec §8), with Retry; `source` names whose code it was. */
export function PageRetryNotice({ onRetry, source }: { onRetry: () => void; source: string }) {
  return (
    <RetryNotice
      placement="section"
      title="This section is temporarily unavailable"
      message="Something went wrong while loading this page. Please try again."
      onRetry={onRetry}
      source={source}
    />
  );
}
