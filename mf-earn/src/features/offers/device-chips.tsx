import type { DeviceFilter } from '@rewards/shared/contracts/offer-types';
import { useT } from '../../messages';
import styles from './device-chips.module.css';

export const DEVICE_FILTERS: readonly DeviceFilter[] = ['All', 'PC', 'Android', 'iOS'];

type Props = {
  value: DeviceFilter;
  onChange: (filter: DeviceFilter) => void;
};

/** Spec §2: the Earn page's device filter; choosing a chip reloads the offers for that device. */
export function DeviceChips({ value, onChange }: Props) {
  const t = useT();
  return (
    <div className={styles.chips} role="group" aria-label={t('earn.devices.label')}>
      {DEVICE_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className={filter === value ? `${styles.chip} ${styles.active}` : styles.chip}
          aria-pressed={filter === value}
          onClick={() => onChange(filter)}
        >
          {filter === 'All' ? t('earn.devices.all') : filter}
        </button>
      ))}
    </div>
  );
}
