import { Link } from '@rewards/shared/router';
import { loadedRows } from '../../console/admin-api';
import { useT } from '../../messages';
import { ConsolePage } from '../../ui/console-page';
import { formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { useGetContactMessagesInfiniteQuery } from './messages-api';
import styles from './messages-page.module.css';

/** What visitors and users wrote through the contact form, newest first; answered by email. */
export default function MessagesPage() {
  const t = useT();
  const messages = useGetContactMessagesInfiniteQuery();
  const rows = loadedRows(messages.data);
  return (
    <ConsolePage title={t('admin.section.messages')} lead={t('admin.messages.lead')}>
      <QueryView label={t('admin.loading.messages')} isLoading={messages.isLoading} error={messages.error} onRetry={() => void messages.refetch()}>
        {rows.length === 0 ? (
          <p className={styles.empty}>{t('admin.ticket.noMessage')}</p>
        ) : (
          <ol className={styles.list}>
            {rows.map((message) => (
              <li key={message.id}>
                <article className={styles.message} aria-labelledby={`message-${message.id}`}>
                  <h2 id={`message-${message.id}`} className={styles.subject}>
                    {message.subject || t('admin.messages.noSubject')}
                  </h2>
                  <p className={styles.meta}>
                    {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a>
                    {message.user_id ? (
                      <>
                        {' '}
                        · <Link to={`/admin/users/${message.user_id}`}>{t('admin.messages.user', { id: message.user_id })}</Link>
                      </>
                    ) : null}{' '}
                    · {formatTime(message.created_at)}
                  </p>
                  <p className={styles.body}>{message.message}</p>
                </article>
              </li>
            ))}
          </ol>
        )}
        <LoadMore hasMore={messages.hasNextPage} loading={messages.isFetchingNextPage} onLoadMore={() => void messages.fetchNextPage()} />
      </QueryView>
    </ConsolePage>
  );
}
