import { Component, type ReactNode } from 'react';
import styles from './remote-boundary.module.css';

type Props = {
  remoteName: string;
  onRetry: () => void;
  children: ReactNode;
  /** Replaces the default full-width fallback, e.g. with a small notice for a modal slot. */
  renderFallback?: (retry: () => void) => ReactNode;
};
type State = { failed: boolean };

/** Contains a remote that fails to load or throws: only its area shows the fallback. */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`Remote ${this.props.remoteName} failed`, error);
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.renderFallback) return this.props.renderFallback(this.retry);
    return (
      <section className={styles.fallback} role="alert" data-remote-fallback={this.props.remoteName}>
        <h2 className={styles.title}>This section is temporarily unavailable</h2>
        <p className={styles.text}>Something went wrong while loading this page. Please try again.</p>
        <button type="button" className={styles.retry} onClick={this.retry}>
          Retry
        </button>
      </section>
    );
  }
}
