import { configure } from '@testing-library/react';

// The test command runs every package's tests at once on a 2-core machine: a page that arrives through a few
// promises and a transition (the route table, the guard's deferred session) can take more than a second there.
configure({ asyncUtilTimeout: 4_000 });
