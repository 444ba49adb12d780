// What the offers feature gives the other features of mf-earn; the rest of its files are its own.
export { default as offerIconUrl } from './offer-icon.svg';
export { sanitizeHtml } from './sanitize-html';
