import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { BRAND_NAME } from '@rewards/shared/brand';

export type SiteMetadataOptions = { publicUrl: string | undefined };

/** Pages search engines may list (spec §2 Metadata names /signin, /faq and /contest among them). */
export const PUBLIC_PAGES = ['/', '/signin', '/signup', '/faq', '/contest', '/leaderboard', '/about-us', '/contact', '/terms', '/privacy', '/cookies', '/affiliates', '/advertisers', '/careers', '/press'];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** PUBLIC_URL when set; else the origin the request came to (Fastify's host and protocol honour TRUST_PROXY). */
function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = /^[\w.-]+(:\d{1,5})?$/.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

/**
 * The site's search metadata: `/opensearch.xml` declares the `/search?q=…` pattern (browsers offer it in the
 * address bar; the shell's page links to it), `/sitemap.xml` lists the public pages.
 */
export const siteMetadataRoutes: FastifyPluginAsync<SiteMetadataOptions> = async (app, { publicUrl }) => {
  app.get('/opensearch.xml', async (request, reply) => {
    const origin = escapeXml(siteOrigin(request, publicUrl));
    reply.header('content-type', 'application/opensearchdescription+xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
  <ShortName>${escapeXml(BRAND_NAME)}</ShortName>
  <Description>Search ${escapeXml(BRAND_NAME)} offers: games, app tests and surveys that pay</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Image width="16" height="16" type="image/svg+xml">${origin}/assets/favicon.svg</Image>
  <Url type="text/html" method="get" template="${origin}/search?q={searchTerms}"/>
</OpenSearchDescription>
`;
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = escapeXml(siteOrigin(request, publicUrl));
    reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  });
};
