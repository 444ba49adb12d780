import { describeHeaderFirstScreen } from '@rewards/shared/test/header-first-screen.tsx';
import { fail } from '@rewards/shared/test/fake-api';
import ProfilePage from '../pages/profile-page';
import * as entry from './prerender-entry';

describeHeaderFirstScreen({
  entry,
  path: '/Profile',
  file: 'profile',
  Page: ProfilePage,
  answers: { 'GET /Offers/my-offers': fail(404) },
  englishLead: 'Your level, your earnings and your withdrawals.',
  germanTitle: 'Profil',
});
