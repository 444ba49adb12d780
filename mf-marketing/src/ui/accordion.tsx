import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronIcon } from './icons';
import { RichText } from './rich-text';
import styles from './accordion.module.css';

export type AccordionItem = { question: string; answer: string };

type Props = {
  items: readonly AccordionItem[];
  /** Level of each question's heading in the page's outline. */
  headingLevel?: 2 | 3;
  /** Index open at first; none by default. */
  initiallyOpen?: number | null;
};

/**
 * The WAI-ARIA accordion pattern: each question is a button in a heading with `aria-expanded`, its answer a
 * region labelled by it. One answer is open at a time (spec §2): opening one closes the other. Arrow keys,
 * Home and End move between the questions.
 */
export function Accordion({ items, headingLevel = 3, initiallyOpen = null }: Props) {
  const [open, setOpen] = useState<number | null>(initiallyOpen);
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const Heading = `h${headingLevel}` as const;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <div className={styles.accordion}>
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question} className={expanded ? styles.itemOpen : styles.item}>
            <Heading className={styles.heading}>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                className={styles.trigger}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span>{item.question}</span>
                <ChevronIcon className={styles.chevron} size={20} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.panel} hidden={!expanded}>
              <p className={styles.answer}>
                <RichText text={item.answer} />
              </p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
