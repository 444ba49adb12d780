import { LineIcon } from '../../components/line-icon';

type Props = { className?: string };

export function BellIcon({ className }: Props) {
  return <LineIcon className={className} size={20} d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />;
}

export function ChevronDownIcon({ className }: Props) {
  return <LineIcon className={className} size={14} strokeWidth={2.5} d="M6 9l6 6 6-6" />;
}
