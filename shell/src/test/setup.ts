import { configure } from '@testing-library/react';

// The test command runs every package's tests at once on a 2-core machine: a page that arrives through a few
// promises and a transition (the route table, the guard's deferred session) can take more than a second there.
configure({ asyncUtilTimeout: 4_000 });

// The shell's signed-in parts are a chunk of their own in the page; here they are at hand before each file's
// first render, as they are on a signed-in page whose HTML preloads them.
beforeAll(() => import('../app/signed-in-slot').then(({ loadSignedInParts }) => loadSignedInParts()));
