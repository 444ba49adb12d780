import { useEffect } from 'react';
import { SHARE_IMAGE, SITE_TITLE_SUFFIX, BRAND_NAME } from '@rewards/shared/brand';
import type { PageMeta } from '@rewards/shared/contracts/remote-routes';

function setMetaTag(attribute: 'name' | 'property', key: string, content: string | null) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

export function pageTitle(title: string): string {
  return title.includes(BRAND_NAME) ? title : `${title}${SITE_TITLE_SUFFIX}`;
}

/** Title, description and share metadata of the current page (spec §2 Metadata). */
export function usePageMeta({ title, description, noindex = false }: PageMeta) {
  useEffect(() => {
    const fullTitle = pageTitle(title);
    document.title = fullTitle;
    const image = new URL(SHARE_IMAGE.path, window.location.origin).href;
    setMetaTag('name', 'description', description);
    setMetaTag('name', 'robots', noindex ? 'noindex, nofollow' : null);
    setMetaTag('property', 'og:title', fullTitle);
    setMetaTag('property', 'og:description', description);
    setMetaTag('property', 'og:type', 'website');
    setMetaTag('property', 'og:url', window.location.href);
    setMetaTag('property', 'og:image', image);
    setMetaTag('property', 'og:image:width', String(SHARE_IMAGE.width));
    setMetaTag('property', 'og:image:height', String(SHARE_IMAGE.height));
    setMetaTag('name', 'twitter:card', 'summary_large_image');
    setMetaTag('name', 'twitter:title', fullTitle);
    setMetaTag('name', 'twitter:description', description);
    setMetaTag('name', 'twitter:image', image);
  }, [title, description, noindex]);
}
