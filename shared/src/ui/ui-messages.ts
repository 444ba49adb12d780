import type { Locale } from '../i18n/locales';
import { defineMessages, type CatalogLoader } from '@rewards/shared/translate/messages';

/*
 * One import per language rather than a template (`./messages/${locale}.json`): the bundler's lookup table for a
 * template is a module of its own, outside the shared package's chunk, and the shell copied it into a chunk per
 * shared module that uses these messages (three more requests on the landing page). Each language stays a chunk
 * of its own, loaded only when chosen. Unnamed: every remote's entry lists the chunks of its copy of this module,
 * and names would make each of them longer.
 */
const CATALOGS: Record<Locale, () => ReturnType<CatalogLoader>> = {
  en: () => import('./messages/en.json'),
  es: () => import('./messages/es.json'),
  de: () => import('./messages/de.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  fr: () => import('./messages/fr.json'),
};

/**
 * The words of the shared UI (dialogs, fields, retry notices): `shared/src/ui/messages/<locale>.json`. The shell
 * provides the shared package to every remote, so these travel with the shell.
 */
export const { useT, t } = defineMessages<typeof import('./messages/en.json')>('shared-ui', (locale) => CATALOGS[locale](), 'on-demand');
