type Props = { size?: number; className?: string };

/** Earnly's coin: a green disc with a stamped "E", drawn here so nothing loads from elsewhere. */
export function CoinMark({ size = 28, className }: Props) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#16c172" />
      <circle cx="16" cy="16" r="12" fill="#22e08a" stroke="#0b7a47" strokeWidth="1.5" />
      <path d="M12 10h8.5v2.6h-5.6v2.1h5v2.6h-5v2.1h5.8V22H12z" fill="#05260f" />
    </svg>
  );
}
