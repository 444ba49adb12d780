// Writes api/assets/offers/<offer_id>.svg for every offer of the sample catalog whose image is ours.
// Run from api/: npx tsx src/modules/earn/generate-offer-images.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findRepoRoot } from '../../repo-root';
import { loadCatalogFile } from './catalog';
import { OFFER_ASSET_PREFIX, offerAssetsFolder } from './offer-images';
import { renderOfferArt } from './offer-art';

const root = findRepoRoot();
const catalog = await loadCatalogFile(join(root, 'api', 'data', 'offers.sample.json'));
const folder = offerAssetsFolder(root);
await mkdir(folder, { recursive: true });
let written = 0;
for (const offer of catalog) {
  if (!offer.image_url.startsWith(OFFER_ASSET_PREFIX)) continue;
  const file = offer.image_url.slice(OFFER_ASSET_PREFIX.length);
  await writeFile(join(folder, file), renderOfferArt({ seed: offer.offer_id, name: offer.name, categories: offer.categories }));
  written += 1;
}
console.log(`wrote ${written} images to ${folder}`);
