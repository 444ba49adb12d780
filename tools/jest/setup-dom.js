require('@testing-library/jest-dom');
const { configure } = require('@testing-library/react');

// The test command runs each package's tests beside builds on a 2-core machine: there a lazily loaded module
// (an offer's dialog) took more than testing-library's default second to appear. Within the 15 s test timeout.
configure({ asyncUtilTimeout: 5_000 });

// Components translate through their package's messages (`@rewards/shared/translate/messages`), registered when
// a test file imports them; tests read the English ones, loaded before the first test as the shell loads them
// before the first render. Tests read the messages as written (ICU text), which the message formatter formats
// (a page loads it on demand): loaded before the first test too, so no first render waits for it.
beforeAll(async () => {
  const { catalogsReady, preloadMessageFormatter } = require('@rewards/shared/translate/messages');
  await Promise.all([catalogsReady('en'), preloadMessageFormatter()]);
});
