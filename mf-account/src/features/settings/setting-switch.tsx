import styles from './settings-modal.module.css';

type Props = {
  /** Ids of the switch's name and of the line that says what it does. */
  labelledBy: string;
  describedBy: string;
  on: boolean;
  onToggle: () => void;
  /** Saving: off until the answer, and says so. */
  busy?: boolean;
  /** The modal's first focus. */
  autoFocus?: boolean;
};

/** An on/off switch of Settings (`role="switch"`), named and described by text beside it. */
export function SettingSwitch({ labelledBy, describedBy, on, onToggle, busy = false, autoFocus = false }: Props) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      disabled={busy}
      className={styles.switch}
      onClick={onToggle}
      data-autofocus={autoFocus || undefined}
    >
      <span className={styles.knob} />
    </button>
  );
}
