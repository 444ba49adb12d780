import type { DocumentSection } from '@rewards/shared/content/content-schemas';
import { RichText } from './rich-text';

type Classes = Readonly<Record<string, string>>;

/**
 * One headed part of a content file (a document page, the about page): its paragraphs, then its list, links in
 * the content's markup. `styles` is the page's CSS module, with `section`, `heading`, `paragraph` and `list`.
 */
export function ContentSection({ part, styles }: { part: DocumentSection; styles: Classes }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>{part.heading}</h2>
      {part.paragraphs?.map((paragraph) => (
        <p key={paragraph} className={styles.paragraph}>
          <RichText text={paragraph} />
        </p>
      ))}
      {part.items?.length ? (
        <ul className={styles.list}>
          {part.items.map((item) => (
            <li key={item}>
              <RichText text={item} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
