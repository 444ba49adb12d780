import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { CACHE_FOREVER, CACHE_REVALIDATE } from '../../plugins/cache-policy';
import { createLinks, type Links } from './links';

/** Our offer images are served under this path (the catalog's image_url points here). */
export const OFFER_ASSET_PREFIX = '/api/assets/offers/';

export function offerAssetsFolder(repoRoot: string): string {
  return join(repoRoot, 'api', 'assets', 'offers');
}

type Asset = { body: Buffer; version: string };

/** The SVG files of the folder, read once: a handful of small files, served from memory. */
export type OfferAssets = { get(file: string): Asset | undefined; versionOf(path: string): string | undefined };

export async function loadOfferAssets(folder: string): Promise<OfferAssets> {
  const assets = new Map<string, Asset>();
  const files = await readdir(folder).catch(() => [] as string[]);
  for (const file of files.filter((name) => /^[a-z0-9][a-z0-9._-]*\.svg$/.test(name))) {
    const body = await readFile(join(folder, file));
    assets.set(file, { body, version: createHash('sha256').update(body).digest('hex').slice(0, 12) });
  }
  return {
    get: (file) => assets.get(file),
    versionOf: (path) => (path.startsWith(OFFER_ASSET_PREFIX) ? assets.get(path.slice(OFFER_ASSET_PREFIX.length))?.version : undefined),
  };
}

/** Our offer images and the links built on them (versioned image URLs, PUBLIC_URL when set). */
export async function loadOfferLinks(repoRoot: string, publicUrl: string | undefined): Promise<{ assets: OfferAssets; links: Links }> {
  const assets = await loadOfferAssets(offerAssetsFolder(repoRoot));
  return { assets, links: createLinks({ publicUrl, assetVersion: assets.versionOf }) };
}

// An SVG opened on its own is a document: it may run nothing and load nothing.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * `GET /api/assets/offers/<file>.svg`. Offer links carry `?v=<content hash>`: with the current hash the
 * file may be cached forever (like our hashed static files); without it, it is revalidated by ETag.
 */
export const offerImageRoutes: FastifyPluginAsync<{ assets: OfferAssets }> = async (app, { assets }) => {
  app.get<{ Params: { file: string }; Querystring: { v?: unknown } }>('/assets/offers/:file', async (request, reply) => {
    const asset = assets.get(request.params.file);
    if (!asset) return reply.callNotFound();
    const etag = `"${asset.version}"`;
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', request.query.v === asset.version ? CACHE_FOREVER : CACHE_REVALIDATE)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', SVG_CSP);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(asset.body);
  });
};
