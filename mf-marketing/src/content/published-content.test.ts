import landing from '../../content/landing.json';

/** The module as a page loads it: once, after the server's HTML (with or without the element) is there. */
function freshModule(): typeof import('./published-content') {
  let loaded: typeof import('./published-content') | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof import('./published-content')>('./published-content');
  });
  return loaded!;
}

function pageWith(elementHtml: string) {
  document.body.innerHTML = `<div id="root"></div>${elementHtml}`;
}

describe('the content a page shows', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is the bundled copy when the server put nothing newer into the page', () => {
    pageWith('');
    expect(freshModule().publishedContent('landing.json', landing)).toBe(landing);
  });

  it('is the version the server put into the page when one was published after the build, file by file', () => {
    const faq = { lead: 'Published after the build' };
    pageWith(`<script type="application/json" id="published-content">${JSON.stringify({ 'faq.json': faq })}</script>`);
    const { publishedContent } = freshModule();
    expect(publishedContent('faq.json', { lead: 'bundled' })).toEqual(faq);
    expect(publishedContent('landing.json', landing)).toBe(landing);
  });

  it('falls back to the bundled copy when the element holds no JSON', () => {
    pageWith('<script type="application/json" id="published-content">{"faq.json": </script>');
    expect(freshModule().publishedContent('faq.json', landing)).toBe(landing);
  });
});
