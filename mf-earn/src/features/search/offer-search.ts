import type { Offer } from '@rewards/shared/contracts/offer-types';

/** The query parameter of `/search?q=…`, the pattern the site's OpenSearch description declares. */
export const SEARCH_PARAM = 'q';
/** Longer queries are cut: nobody types more, and each word is matched against every offer. */
export const MAX_QUERY_LENGTH = 100;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** An offer's searchable text: name and descriptions, partner HTML reduced to its words (never rendered). */
function searchableText(offer: Offer): string {
  const html = [offer.description, offer.description2, offer.description3].filter(Boolean).join(' ');
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&[#\w]+;/g, (entity) => ENTITIES[entity] ?? ' ');
  return `${offer.name} ${offer.title} ${text}`.toLocaleLowerCase();
}

/** The words of a query, lowercased; none for a blank one. */
export function queryWords(query: string): string[] {
  return query.slice(0, MAX_QUERY_LENGTH).toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

/** The offers whose name or description holds every word of the query, in catalog order. */
export function searchOffers(offers: readonly Offer[], query: string): Offer[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  return offers.filter((offer) => {
    const text = searchableText(offer);
    return words.every((word) => text.includes(word));
  });
}
