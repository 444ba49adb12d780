import { configure } from '@testing-library/react';

// The test command runs every package's tests at once on a 2-core machine: a page that arrives through a few
// promises and a transition (the route table, the guard's deferred session) can take more than a second there.
configure({ asyncUtilTimeout: 4_000 });

// Tests read the messages as written (ICU text), which the message formatter formats; the shell loads it only
// when a page first shows a plural, so a component's first render would wait for it. Loaded before the first test.
beforeAll(async () => {
  const { preloadMessageFormatter } = await import('@rewards/shared/translate/messages');
  await preloadMessageFormatter();
});
