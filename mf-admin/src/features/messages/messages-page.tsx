import { Link } from '@rewards/shared/router';
import { loadedRows } from '../../console/admin-api';
import { ConsolePage } from '../../ui/console-page';
import { formatTime } from '../../ui/format';
import { LoadMore, QueryView } from '../../ui/query-view';
import { useGetContactMessagesInfiniteQuery } from './messages-api';
import styles from './messages-page.module.css';

/** What visitors and users wrote through the contact form, newest first; answered by email. */
export default function MessagesPage() {
  const messages = useGetContactMessagesInfiniteQuery();
  const rows = loadedRows(messages.data);
  return (
    <ConsolePage title="Messages" lead="The contact form, newest first. Answer by email.">
      <QueryView label="messages" isLoading={messages.isLoading} error={messages.error} onRetry={() => void messages.refetch()}>
        {rows.length === 0 ? (
          <p className={styles.empty}>No message yet.</p>
        ) : (
          <ol className={styles.list}>
            {rows.map((message) => (
              <li key={message.id}>
                <article className={styles.message} aria-labelledby={`message-${message.id}`}>
                  <h2 id={`message-${message.id}`} className={styles.subject}>
                    {message.subject || '(no subject)'}
                  </h2>
                  <p className={styles.meta}>
                    {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a>
                    {message.user_id ? (
                      <>
                        {' '}
                        · <Link to={`/admin/users/${message.user_id}`}>user #{message.user_id}</Link>
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
