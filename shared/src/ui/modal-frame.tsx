import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useBodyScrollLock } from './use-body-scroll-lock';
import { useModalFocus } from './use-modal-focus';
import { useT } from './ui-messages';
import styles from './modal-frame.module.css';

type FrameProps = {
  /** Id of the heading that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  /** The remote's own look, over the shared base. */
  backdropClassName?: string;
  dialogClassName?: string;
  /** Renders into `document.body`, clear of any transformed or clipped ancestor of the mount point. */
  portal?: boolean;
  children: ReactNode;
};

function classes(base: string | undefined, own: string | undefined): string | undefined {
  return own ? `${base ?? ''} ${own}`.trim() : base;
}

/**
 * The modal shell of every remote: a dialog over a dimmed page, focus kept inside, closed by Escape or a
 * press on the backdrop, the page behind held still. What is inside, and how it looks, is the remote's.
 */
export function ModalFrame({ labelledBy, describedBy, onClose, backdropClassName, dialogClassName, portal = false, children }: FrameProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef, onClose);
  useBodyScrollLock();

  const frame = (
    <div
      className={classes(styles.backdrop, backdropClassName)}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={classes(styles.dialog, dialogClassName)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
  return portal ? createPortal(frame, document.body) : frame;
}

type CloseProps = { onClose: () => void; className?: string; children: ReactNode };

/** The modal's close button, named "Close" in the page's language; `children` is its icon. */
export function ModalCloseButton({ onClose, className, children }: CloseProps) {
  const t = useT();
  return (
    <button type="button" className={classes(styles.close, className)} aria-label={t('modal.close')} onClick={onClose}>
      {children}
    </button>
  );
}
