import styles from './generated-avatar.module.css';

const HUES = [152, 200, 265, 320, 28, 45, 178, 230];

function hueOf(name: string): number {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + character.codePointAt(0)!) >>> 0;
  return HUES[hash % HUES.length]!;
}

/** A round avatar drawn from the name (its first letter on a colour of its own): no picture is fetched. */
export function GeneratedAvatar({ name, size = 40 }: { name: string; size?: number }) {
  const letter = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  const hue = hueOf(name);
  return (
    <span
      className={styles.avatar}
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.45,
        background: `linear-gradient(135deg, hsl(${hue} 75% 58%), hsl(${(hue + 40) % 360} 70% 42%))`,
      }}
    >
      {letter}
    </span>
  );
}
