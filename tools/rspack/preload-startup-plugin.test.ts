import { chunkFiles, preloadTag, signedInPreloads, startupFiles } from './preload-startup-plugin';

type FakeCompilation = Parameters<typeof startupFiles>[0];

function compilation(groups: Record<string, string[]>, chunks: Record<string, string[]>): FakeCompilation {
  return {
    namedChunkGroups: new Map(Object.entries(groups).map(([name, files]) => [name, { getFiles: () => files }])),
    namedChunks: new Map(Object.entries(chunks).map(([name, files]) => [name, { files: new Set(files) }])),
  } as unknown as FakeCompilation;
}

const options = { bootstrap: 'bootstrap', sharedChunks: ['react', 'contracts'] };

describe("the host page's preloads of its start-up files", () => {
  it("names the bootstrap's files, then each shared chunk's, once each, scripts and stylesheets only", () => {
    const build = compilation(
      { bootstrap: ['bootstrap.1.css', 'bootstrap.2.js', 'contracts.3.js'] },
      { react: ['react.4.js', 'react.4.js.LICENSE.txt'], contracts: ['contracts.5.css', 'contracts.3.js'] },
    );
    expect(startupFiles(build, options)).toEqual(['bootstrap.1.css', 'bootstrap.2.js', 'contracts.3.js', 'react.4.js', 'contracts.5.css']);
  });

  it('fails the build, naming what is missing, when the bootstrap group or a shared chunk has another name', () => {
    expect(() => startupFiles(compilation({}, {}), options)).toThrow('no chunk group named "bootstrap"');
    expect(() => startupFiles(compilation({ bootstrap: [] }, { react: [] }), options)).toThrow('no chunk named "contracts"');
  });

  it('preloads at low priority (no render waits for them), each as what it is', () => {
    expect(preloadTag('/', 'react.4.js').attributes).toEqual({ rel: 'preload', href: '/react.4.js', as: 'script', fetchpriority: 'low' });
    expect(preloadTag('/', 'contracts.5.css').attributes).toEqual({ rel: 'preload', href: '/contracts.5.css', as: 'style', fetchpriority: 'low' });
  });

  it("lists a signed-in page's start-up chunks for the site server, each file as the page's preload names it", () => {
    const build = compilation({}, { query: ['query.6.js', 'query.6.js.LICENSE.txt', 'query.7.css'] });
    expect(signedInPreloads('/', chunkFiles(build, ['query']))).toEqual([
      { href: '/query.6.js', as: 'script' },
      { href: '/query.7.css', as: 'style' },
    ]);
    expect(() => chunkFiles(build, ['api'])).toThrow('no chunk named "api"');
  });
});
