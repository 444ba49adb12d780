import { CACHE_FOREVER, CACHE_REVALIDATE, cacheControlFor } from './cache-policy';

describe('cacheControlFor', () => {
  it.each(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'favicon.ico', 'main.js', 'react-dom.production.js', 'main.0123456789.js.map'])(
    'revalidates %s',
    (name) => expect(cacheControlFor(`/dist/${name}`)).toBe(CACHE_REVALIDATE),
  );

  it.each(['main.0123456789.js', '__federation_expose_routes.a1b2c3d4e5.js', 'main.0123456789.css', 'assets/logo.0a1b2c3d4e.svg'])(
    'caches %s forever',
    (name) => expect(cacheControlFor(`/dist/${name}`)).toBe(CACHE_FOREVER),
  );
});
