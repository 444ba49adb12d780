require('@testing-library/jest-dom');
const { configure } = require('@testing-library/react');

// The test command runs each package's tests beside builds on a 2-core machine: there a lazily loaded module
// (an offer's dialog) took more than testing-library's default second to appear. Within the 15 s test timeout.
configure({ asyncUtilTimeout: 5_000 });
