import { configure } from '@testing-library/react';
import './browser-observers';

// The landing renders every section at once under test; on a busy 2-core machine a second is not always
// enough for the lazy ones to arrive.
configure({ asyncUtilTimeout: 4_000 });

// The landing's English content is a chunk of its own, loaded with the page's code (`contentReady`); tests that
// render the landing at once have it beforehand, as the site does.
beforeAll(async () => {
  const { landingContent } = await import('../content/landing-content');
  await landingContent.load('en');
});
