import { render } from '@testing-library/react';
import { SLOT, SlotText, aroundSlot } from './slot-text';

describe('a message with one argument shown as an element', () => {
  it('splits the text around the argument, wherever the language puts it', () => {
    expect(aroundSlot(`Cash out with ${SLOT}`)).toEqual(['Cash out with ', '']);
    expect(aroundSlot(`${SLOT} auszahlen`)).toEqual(['', ' auszahlen']);
    expect(aroundSlot(`Minimum ${SLOT} (USD)`)).toEqual(['Minimum ', ' (USD)']);
  });

  it('keeps a text without the argument whole', () => {
    expect(aroundSlot('No argument')).toEqual(['No argument', '']);
    expect(aroundSlot('')).toEqual(['', '']);
  });

  it('places the element where the argument was', () => {
    const { container } = render(
      <SlotText text={`Minimum ${SLOT} today`}>
        <strong>$0.25</strong>
      </SlotText>,
    );
    expect(container.innerHTML).toBe('Minimum <strong>$0.25</strong> today');
  });
});
