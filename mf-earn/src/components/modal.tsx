import { useId, type ReactNode } from 'react';
import { ModalCloseButton, ModalFrame } from '@rewards/shared/ui/modal-frame.tsx';
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

/** A dialog over the page with a title bar and a scrolling body; Escape and a press on the backdrop close it. */
export function Modal({ title, onClose, size = 'normal', actions, children }: Props) {
  const titleId = useId();
  return (
    <ModalFrame
      labelledBy={titleId}
      onClose={onClose}
      backdropClassName={styles.backdrop}
      dialogClassName={size === 'wide' ? `${styles.panel} ${styles.wide}` : styles.panel}
      portal
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.actions}>
          {actions}
          <ModalCloseButton className={styles.close} onClose={onClose}>
            <span aria-hidden="true">×</span>
          </ModalCloseButton>
        </div>
      </header>
      <div className={styles.body}>{children}</div>
    </ModalFrame>
  );
}
