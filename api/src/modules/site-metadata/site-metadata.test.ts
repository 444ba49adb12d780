import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';

describe('search metadata: /opensearch.xml and /sitemap.xml', () => {
  const database = useTestDatabase();
  let app: FastifyInstance;
  afterEach(() => app?.close());

  it('declares the /search?q= pattern on the origin the site is reached at', async () => {
    app = await buildTestApp({ database: database() });
    const response = await app.inject({ method: 'GET', url: '/opensearch.xml', headers: { host: 'earnly.test:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/opensearchdescription+xml; charset=utf-8');
    expect(response.body).toContain('<ShortName>Earnly</ShortName>');
    expect(response.body).toContain('template="http://earnly.test:8080/search?q={searchTerms}"');
  });

  it('uses PUBLIC_URL when it is set, and never echoes a hostile Host header', async () => {
    app = await buildTestApp({ database: database(), env: { PUBLIC_URL: 'https://earnly.example/' } });
    const configured = await app.inject({ method: 'GET', url: '/opensearch.xml', headers: { host: 'evil.test' } });
    expect(configured.body).toContain('template="https://earnly.example/search?q={searchTerms}"');
    await app.close();

    app = await buildTestApp({ database: database() });
    const hostile = await app.inject({ method: 'GET', url: '/opensearch.xml', headers: { host: 'x"><script>' } });
    expect(hostile.statusCode).toBeLessThan(500);
    expect(hostile.body).not.toContain('<script>');
  });

  it('lists the public pages, /signin, /faq and /contest among them, in the sitemap', async () => {
    app = await buildTestApp({ database: database(), env: { PUBLIC_URL: 'https://earnly.example' } });
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    for (const path of ['/signin', '/faq', '/contest']) expect(response.body).toContain(`<loc>https://earnly.example${path}</loc>`);
    expect(response.body).not.toContain('/Earn');
  });
});
