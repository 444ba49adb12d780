import { configure } from '@testing-library/react';
import './browser-observers';

// The landing renders every section at once under test; on a busy 2-core machine a second is not always
// enough for the lazy ones to arrive.
configure({ asyncUtilTimeout: 4_000 });

// The landing's plurals ("3 minutes ago") wait for the message formatter, which the page loads when it first
// shows one ('on-demand'): tests that render at once have it beforehand.
beforeAll(async () => {
  const { preloadMessageFormatter } = await import('@rewards/shared/translate/messages');
  await preloadMessageFormatter();
});
