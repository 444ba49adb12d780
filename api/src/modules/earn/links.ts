/**
 * The addresses an offer carries to the browser: its click link filled in for the user, and its image.
 * Our own paths stay relative (the site and the API share an origin) unless PUBLIC_URL is set.
 */
export type Links = {
  /** The offer's click link for this user (null: a visitor, the link carries no user; a string stands in for an id). */
  clickUrl(template: string, userId: number | string | null, partnerOfferId: string): string;
  imageUrl(url: string): string;
};

export type LinkOptions = {
  publicUrl: string | undefined;
  /** The cache-busting version of one of our offer images, by its path (`/api/assets/offers/x.svg`). */
  assetVersion(path: string): string | undefined;
};

/** Fills `{user_id}` and `{offer_id}` (URL-encoded) into a click link template. */
export function fillClickTemplate(template: string, userId: number | string | null, partnerOfferId: string): string {
  return template
    .replaceAll('{user_id}', userId === null ? '' : encodeURIComponent(String(userId)))
    .replaceAll('{offer_id}', encodeURIComponent(partnerOfferId));
}

export function createLinks({ publicUrl, assetVersion }: LinkOptions): Links {
  const origin = publicUrl?.replace(/\/+$/, '');
  const absolute = (url: string) => (origin && url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url);
  return {
    clickUrl: (template, userId, partnerOfferId) => absolute(fillClickTemplate(template, userId, partnerOfferId)),
    imageUrl: (url) => {
      const version = url.startsWith('/') ? assetVersion(url) : undefined;
      return absolute(version ? `${url}?v=${version}` : url);
    },
  };
}
