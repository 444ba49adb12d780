import { LANDING } from '../test/landing';
import germanLanding from '../../content/de/landing.json';
import { LazyWhenNear } from '../ui/lazy-when-near';
import { PRERENDERED_PAGES, renderPrerenderedPages } from './prerender-entry';
import { renderPage } from './render-page';

describe('the prerendered pages of the build', () => {
  it("renders the landing's first screen for / with React's server renderer: heading, text, figures, form", async () => {
    expect(PRERENDERED_PAGES.map(({ path, file }) => [path, file])).toEqual([
      ['/', 'index'],
      ['/', 'index.es'],
      ['/', 'index.de'],
      ['/', 'index.pt-BR'],
      ['/', 'index.fr'],
    ]);
    const [landing] = await renderPrerenderedPages();
    expect(landing!.file).toBe('index');
    const html = landing!.html;
    expect(html).toMatch(/^<section [^>]*aria-labelledby="landing-title"/);
    expect(html).toContain(`<h1 id="landing-title"`);
    expect(html).toContain(LANDING.hero.subtitle);
    for (const { value, label } of LANDING.hero.figures) expect(html).toContain(`${label}</dt><dd class="figureValue">${value}</dd>`);
    for (const { value } of LANDING.stats.items) expect(html).toContain(value);
    expect(html).toContain('aria-label="Sign up with email"');
    // Typing waits for the page that replaces it, so nothing typed is lost.
    expect(html).toMatch(/<input readonly="" id="[^"]*-email"/);
  });

  it('renders the first screen of each language from its content file, with its figures and amounts as that language writes them', async () => {
    const pages = await renderPrerenderedPages();
    const german = pages.find((page) => page.file === 'index.de')!.html;
    expect(german).toContain(germanLanding.hero.subtitle);
    expect(german).toContain(`${germanLanding.hero.figures[0]!.label}</dt><dd class="figureValue">${germanLanding.hero.figures[0]!.value}</dd>`);
    expect(german).toContain(germanLanding.sampleOffers.heading);
    expect(german).toContain('25,50\u00a0$');
    expect(german).not.toContain(LANDING.hero.subtitle);
    expect(pages.find((page) => page.file === 'index')!.html).toContain(LANDING.hero.subtitle);
    expect(PRERENDERED_PAGES.find((page) => page.file === 'index.de')!.content).toEqual(['de/landing.json']);
  });

  it('renders the first screen from published landing content when given, escaping its text', async () => {
    const published = { ...LANDING, hero: { ...LANDING.hero, titleAfter: 'to test <apps> & games' }, stats: { ...LANDING.stats, heading: 'Figures published today' } };
    const [landing] = await renderPrerenderedPages({ 'landing.json': published });
    expect(landing!.html).toContain('to test &lt;apps&gt; &amp; games');
    expect(landing!.html).toContain('Figures published today');
    expect(landing!.html).not.toContain(LANDING.hero.titleAfter);
    expect(PRERENDERED_PAGES[0]!.content).toEqual(['landing.json']);
  });

  it('leaves out what the CSP blocks: scripts and style attributes', async () => {
    const html = renderPage(
      () => (
        <LazyWhenNear label="Loading More" minHeight={400}>
          <p>later</p>
        </LazyWhenNear>
      ),
      '/',
    );
    expect(html).toContain('aria-label="Loading More"');
    expect(html).not.toMatch(/style=/);
    expect((await renderPrerenderedPages())[0]!.html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
  });
});
