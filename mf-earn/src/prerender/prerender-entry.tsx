// The shell's global styles travel with the prerendered page: it is painted before the shell's CSS arrives.
import '@rewards/shared/styles/tokens.css';
import '@rewards/shared/styles/base.css';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OffersFirstScreenInput } from '@rewards/shared/contracts/offers-first-screen';
import { OFFERS_FIRST_SCREEN_PATH } from '@rewards/shared/contracts/offers-first-screen';
import { LOCALES } from '@rewards/shared/i18n/locales';
import { MemoryRouter } from '@rewards/shared/router';
import { catalogsReady, switchLocale } from '@rewards/shared/translate/messages';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { t } from '../messages';
import { EarnFirstScreen, PAINTED_OFFER_CARDS } from '../pages/earn-first-screen';

/** No page of mf-earn is the same for every user: its build writes none; the server renders /Earn's per catalog. */
export const PRERENDERED_PAGES: readonly { path: string; file: string }[] = [];

export async function renderPrerenderedPages(): Promise<{ file: string; html: string }[]> {
  return [];
}

/** Loads the messages in every language: before a render, which cannot wait for a catalog. */
export function messagesReady(): Promise<unknown> {
  return Promise.all(LOCALES.map((locale) => catalogsReady(locale)));
}

const ignore = () => undefined;

/**
 * /Earn's first screen with `offers` (the user's `Offers/Get` answer for All) in `locale`: the page's header and
 * what `EarnFirstScreen` shows, as `EarnPage` begins once it has those offers, up to `PAINTED_OFFER_CARDS` cards.
 * The site server calls it (`api/src/modules/earn/first-screen.ts`).
 */
export async function renderOffersFirstScreen({ offers, locale }: OffersFirstScreenInput): Promise<string> {
  const painted = offers.slice(0, PAINTED_OFFER_CARDS);
  // A card without its image shows the remote's stand-in icon, whose address this bundle does not know.
  if (painted.some((offer) => !offer.image_url)) throw new Error('an offer without its image_url: no first screen');
  await switchLocale(locale);
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[OFFERS_FIRST_SCREEN_PATH]}>
      <PageLayout title={t('earn.title')} lead={t('earn.lead')}>
        <EarnFirstScreen filter="All" onFilterChange={ignore} offers={painted} loading={false} onOpen={ignore} />
      </PageLayout>
    </MemoryRouter>,
  );
}
