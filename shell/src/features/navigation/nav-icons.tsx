type Props = { className?: string };

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function BellIcon({ className }: Props) {
  return (
    <svg className={className} width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path {...stroke} d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />
    </svg>
  );
}

export function ChevronDownIcon({ className }: Props) {
  return (
    <svg className={className} width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path {...stroke} strokeWidth={2.5} d="M6 9l6 6 6-6" />
    </svg>
  );
}
