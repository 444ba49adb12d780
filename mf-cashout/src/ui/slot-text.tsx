import type { ReactNode } from 'react';

/**
 * Stands for the one argument of a message that is shown as an element (an amount in bold, a method's visible
 * name): a private-use character no message contains. The message stays plain text, so showing it needs no
 * message formatter (`t.rich` would fetch one).
 */
export const SLOT = '\uE000';

/** The text of a message formatted with `SLOT` for one argument, as the parts before and after it. */
export function aroundSlot(text: string): [before: string, after: string] {
  const at = text.indexOf(SLOT);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + SLOT.length)];
}

/** `t('cashout.modal.minimum', { amount: SLOT })` with `children` where the amount goes. */
export function SlotText({ text, children }: { text: string; children: ReactNode }) {
  const [before, after] = aroundSlot(text);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
