import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useModalFocus } from '@rewards/shared/ui/use-modal-focus';
import { CloseIcon } from './icons';
import styles from './modal.module.css';

type Props = {
  /** The dialog's heading, which also names it for screen readers. */
  title: string;
  /** One line under the heading. */
  lead?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** False when this modal replaces another in place (sign-in ↔ sign-up): no second fade-in. */
  animateIn?: boolean;
};

/**
 * The dialog every account modal uses: a card over a dimmed page (a bottom sheet on phones), named by its
 * heading, focus kept inside, closed by Escape, the close button or a press on the backdrop.
 */
export function Modal({ title, lead, onClose, children, animateIn = true }: Props) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const leadId = useId();
  useModalFocus(dialogRef, onClose);
  useBodyScrollLock();

  return (
    <div
      className={animateIn ? styles.backdrop : `${styles.backdrop} ${styles.still}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={lead ? leadId : undefined}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        {lead ? (
          <p id={leadId} className={styles.lead}>
            {lead}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}

/** The page behind an open modal does not scroll (on phones it would scroll under the sheet). */
function useBodyScrollLock(): void {
  useEffect(() => {
    const { style } = document.body;
    const previous = style.overflow;
    style.overflow = 'hidden';
    return () => {
      style.overflow = previous;
    };
  }, []);
}
