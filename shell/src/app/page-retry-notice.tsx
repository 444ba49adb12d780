import { RetryNotice } from '@rewards/shared/ui/retry-notice.tsx';
import { useT } from '../messages';

/** What a page shows in its place when its code could not load (spec §8), with Retry; `source` names whose code it was. */
export function PageRetryNotice({ onRetry, source }: { onRetry: () => void; source: string }) {
  const t = useT();
  return (
    <RetryNotice
      placement="section"
      title={t('pageRetry.title')}
      message={t('pageRetry.message')}
      onRetry={onRetry}
      source={source}
    />
  );
}
