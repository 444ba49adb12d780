import { Component, type ReactNode } from 'react';

type Props = {
  /** `remote/module`, for the log. */
  exposed: string;
  /** Shown instead of the module once it failed to load or threw. */
  fallback: ReactNode;
  children: ReactNode;
};
type State = { failed: boolean };

/** Keeps a failing federated module inside its own area; the parent remounts it (new key) to retry. */
export class FederatedModuleBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`Federated module ${this.props.exposed} failed`, error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
