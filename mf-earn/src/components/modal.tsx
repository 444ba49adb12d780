import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from '@rewards/shared/ui/use-modal-focus';
import styles from './modal.module.css';

type Props = {
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  onClose: () => void;
  /** `wide` gives an embedded partner wall room to breathe. */
  size?: 'normal' | 'wide';
  /** Controls shown next to the close button (e.g. "Open in new page"). */
  actions?: ReactNode;
  children: ReactNode;
};

/** A dialog over the page: focus stays inside, Escape and a press on the backdrop close it. */
export function Modal({ title, onClose, size = 'normal', actions, children }: Props) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModalFocus(panelRef, onClose);

  useEffect(() => {
    // The page behind must not scroll while the dialog is open.
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={size === 'wide' ? `${styles.panel} ${styles.wide}` : styles.panel}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <div className={styles.actions}>
            {actions}
            <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
              <span aria-hidden="true">×</span>
            </button>
          </div>
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
