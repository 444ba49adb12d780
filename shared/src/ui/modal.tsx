import { useId, type ReactNode } from 'react';
import { ModalCloseButton, ModalFrame } from './modal-frame';
import styles from './modal.module.css';

type Props = {
  /** The dialog's heading, which also names it for screen readers. */
  title: string;
  /** One line under the heading, which also describes the dialog. */
  lead?: ReactNode;
  onClose: () => void;
  /** `small` for a form (460 px), `medium` for an offer (560 px), `wide` for an embedded page (a partner wall). */
  size?: 'small' | 'medium' | 'wide';
  /** Controls beside the close button (e.g. "Open in new page"). */
  actions?: ReactNode;
  /** False when this modal takes the place of another (sign-in ↔ sign-up): no second rise-in. */
  animateIn?: boolean;
  children: ReactNode;
};

/**
 * The site's modal: a card over a dimmed page (a sheet from the bottom edge on phones), a heading with the
 * close button, and a body that scrolls when taller than the screen. Escape, the close button or a press on
 * the backdrop close it; focus stays inside while it is open.
 */
export function Modal({ title, lead, onClose, size = 'small', actions, animateIn = true, children }: Props) {
  const titleId = useId();
  const leadId = useId();
  return (
    <ModalFrame
      labelledBy={titleId}
      describedBy={lead ? leadId : undefined}
      onClose={onClose}
      backdropClassName={animateIn ? styles.backdrop : `${styles.backdrop} ${styles.still}`}
      dialogClassName={`${styles.dialog} ${styles[size]}`}
      // Clear of any transformed or clipped ancestor of the page that opens it.
      portal
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {lead ? (
          <p id={leadId} className={styles.lead}>
            {lead}
          </p>
        ) : null}
        <div className={styles.actions}>
          {actions}
          <ModalCloseButton onClose={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </ModalCloseButton>
        </div>
      </header>
      <div className={styles.body}>{children}</div>
    </ModalFrame>
  );
}
