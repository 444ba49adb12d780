import { t } from '../messages';
import styles from './startup-failure.module.css';

/**
 * What the page says when even its messages could not load (the network is gone): English, the site's source
 * language, written here as en.json has it.
 */
const ENGLISH = {
  title: 'We could not load the site',
  text: 'Please check your connection and try again.',
  reload: 'Reload',
};

/**
 * Shown only when the site cannot start (the runtime config or the messages could not be read): nothing else can
 * work without them. `messagesLoaded`: the shell's messages are there in the page's language.
 */
export function StartupFailure({ messagesLoaded }: { messagesLoaded: boolean }) {
  const words = messagesLoaded ? { title: t('startup.title'), text: t('startup.text'), reload: t('offline.reload') } : ENGLISH;
  return (
    <div className={styles.screen} role="alert">
      <h1>{words.title}</h1>
      <p>{words.text}</p>
      <button type="button" className={`pill-button ${styles.button}`} onClick={() => window.location.reload()}>
        {words.reload}
      </button>
    </div>
  );
}
