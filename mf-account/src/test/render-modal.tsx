import type { ComponentType } from 'react';
import type { SlotComponentProps } from '@rewards/shared/contracts/slots';
import type { RootState } from '@rewards/shared/store/store';
import { fakeApi, type FakeAnswers } from '@rewards/shared/test/fake-api';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { LocationProbe } from './location-probe';

type Options = { answers?: FakeAnswers; preloadedState: Partial<RootState>; route: string };

/**
 * One of this remote's modals as the shell hosts it (a slot given `onClose`), with the API faked at the HTTP
 * edge and the page's location shown beside it.
 */
export function renderModal(Modal: ComponentType<SlotComponentProps>, { answers = {}, preloadedState, route }: Options) {
  const api = fakeApi(answers);
  const onClose = jest.fn();
  const rendered = renderWithProviders(
    <>
      <Modal onClose={onClose} />
      <LocationProbe />
    </>,
    { preloadedState, route },
  );
  return { api, onClose, ...rendered };
}
