type Props = { d: string; size?: number; strokeWidth?: number; className?: string };

/** The shell's outline icons: one round-stroked path on a 24-unit grid; decorative, so hidden from screen readers. */
export function LineIcon({ d, size, strokeWidth = 2, className }: Props) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
