import { useId, type ReactNode } from 'react';
import { ModalCloseButton, ModalFrame } from '@rewards/shared/ui/modal-frame.tsx';
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
 * heading, closed by Escape, the close button or a press on the backdrop.
 */
export function Modal({ title, lead, onClose, children, animateIn = true }: Props) {
  const titleId = useId();
  const leadId = useId();
  return (
    <ModalFrame
      labelledBy={titleId}
      describedBy={lead ? leadId : undefined}
      onClose={onClose}
      backdropClassName={animateIn ? styles.backdrop : `${styles.backdrop} ${styles.still}`}
      dialogClassName={styles.dialog}
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <ModalCloseButton className={styles.close} onClose={onClose}>
          <CloseIcon />
        </ModalCloseButton>
      </header>
      {lead ? (
        <p id={leadId} className={styles.lead}>
          {lead}
        </p>
      ) : null}
      {children}
    </ModalFrame>
  );
}
