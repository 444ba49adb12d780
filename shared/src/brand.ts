export const BRAND_NAME = 'Earnly';
export const CURRENCY_NAME = 'Earnly';
export const SITE_TITLE_SUFFIX = ` | ${BRAND_NAME}`;
export const SHARE_IMAGE = { path: '/assets/share-image.png', width: 1200, height: 630 } as const;
