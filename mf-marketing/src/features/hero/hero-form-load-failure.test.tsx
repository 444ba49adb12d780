import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@rewards/shared/test/render-with-providers.tsx';
import { LANDING } from '../../test/landing';
import { HeroForm } from './hero-form';

// The submit's code (loaded when the visitor turns to the form) cannot load: the network is gone.
jest.mock('./hero-submit', () => {
  throw new Error('Loading chunk hero-submit failed');
});

it('says the network failed when the sign-up code itself cannot load, and lets the visitor try again', async () => {
  const user = userEvent.setup();
  renderWithProviders(<HeroForm content={LANDING.hero} />);
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Start earning now' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Network connection problem');
  expect(screen.getByRole('button', { name: 'Start earning now' })).toBeEnabled();
});
