import createDOMPurify, { type DOMPurify } from 'dompurify';

/** Basic formatting only: partner HTML may not bring scripts, frames, forms, styles or event handlers. */
const ALLOWED_TAGS = ['a', 'b', 'strong', 'i', 'em', 'u', 's', 'p', 'br', 'ul', 'ol', 'li', 'span', 'small', 'h3', 'h4', 'h5', 'h6'];
const ALLOWED_ATTR = ['href', 'title'];
/** Links may point to web pages and mail addresses only (no javascript:, data: or other schemes). */
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

let purifier: DOMPurify | null = null;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  // An instance of our own, so the hook below never affects anyone else's DOMPurify.
  purifier = createDOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

/** Partner HTML (offer descriptions) made safe to render with `dangerouslySetInnerHTML`. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
