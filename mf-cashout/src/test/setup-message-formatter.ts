import { preloadMessageFormatter } from '@rewards/shared/translate/messages';

beforeAll(async () => {
  await preloadMessageFormatter();
});
