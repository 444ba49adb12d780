require('@testing-library/jest-dom');
const { configure } = require('@testing-library/react');

// The test command runs each package's tests beside builds on a 2-core machine: there a lazily loaded module
// (an offer's dialog) took more than testing-library's default second to appear. Within the 15 s test timeout.
configure({ asyncUtilTimeout: 5_000 });

// Components translate through their package's messages (`@rewards/shared/translate/messages`), registered when
// a test file imports them; tests read the English ones, loaded before the first test as the shell loads them
// before the first render.
beforeAll(async () => {
  const { catalogsReady } = require('@rewards/shared/translate/messages');
  await catalogsReady('en');
});
