import type { ReactNode } from 'react';
import { Link } from '@rewards/shared/router';

// Content files write links as [label](target); the build checks each target (content-schemas.ts).
const INLINE_LINK = /\[([^\]]+)\]\(([^)\s]*)\)/g;

/** One paragraph of content text, its [label](target) links made real: site paths stay in the app. */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_LINK)) {
    const [whole, label, target] = match as unknown as [string, string, string];
    parts.push(text.slice(last, match.index));
    if (target.startsWith('/')) {
      parts.push(<Link key={match.index} to={target}>{label}</Link>);
    } else {
      const external = target.startsWith('https://');
      parts.push(
        <a key={match.index} href={target} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {label}
        </a>,
      );
    }
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  // Text between the links needs no key: React keys elements only.
  return <>{parts}</>;
}
