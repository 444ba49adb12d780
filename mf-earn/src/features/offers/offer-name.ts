const SHOWN_WORDS = 2;

/** Spec §2: an offer card shows the first two words of the name, with "…" when there were more. */
export function shortenOfferName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= SHOWN_WORDS) return words.join(' ');
  return `${words.slice(0, SHOWN_WORDS).join(' ')}…`;
}
