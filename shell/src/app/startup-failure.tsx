import styles from './startup-failure.module.css';

/** Shown only when the runtime config itself cannot be read: nothing else can work without it. */
export function StartupFailure() {
  return (
    <div className={styles.screen} role="alert">
      <h1>We could not load the site</h1>
      <p>Please check your connection and try again.</p>
      <button type="button" className={`pill-button ${styles.button}`} onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
