import { useState, type FormEvent } from 'react';
import type { Offer } from '@rewards/shared/contracts/offer-types';
import { PATHS } from '@rewards/shared/paths';
import { Link, useSearchParams } from '@rewards/shared/router';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { selectIsAuthenticated } from '@rewards/shared/store/session-slice';
import { openAuth } from '@rewards/shared/store/ui-slice';
import { preloadMessageFormatter } from '@rewards/shared/translate/messages';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { LazyOfferModal } from '../features/offers/lazy-offer-modal';
import { OfferGrid, OfferGridSkeleton } from '../features/offers/offer-grid';
import { useGetOffersQuery } from '../features/offers/offers-api';
import { MAX_QUERY_LENGTH, SEARCH_PARAM, searchOffers } from '../features/search/offer-search';
import { useT } from '../messages';
import { DEFAULT_OFFER_RATING } from './offers-page';
import styles from './search-page.module.css';

// This page's words include plurals and links (ICU), which the message formatter renders: it loads with the
// page rather than when one first shows (mf-earn's messages load it on demand: the Earn page shows none).
void preloadMessageFormatter();

/**
 * `/search?q=…` (the site's declared search pattern): the offers whose name or description match, as the
 * offers grid shows them. A visitor who opens one is asked to sign up first.
 */
export default function SearchPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const [params, setParams] = useSearchParams();
  const query = (params.get(SEARCH_PARAM) ?? '').slice(0, MAX_QUERY_LENGTH);
  const [draft, setDraft] = useState(query);
  const [openOffer, setOpenOffer] = useState<Offer | null>(null);
  const { data, isLoading, isError } = useGetOffersQuery('All');
  const results = searchOffers(data ?? [], query);
  const blank = query.trim() === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    setParams(draft.trim() ? { [SEARCH_PARAM]: draft.trim() } : {});
  }

  function open(offer: Offer) {
    if (signedIn) setOpenOffer(offer);
    else dispatch(openAuth('signup'));
  }

  return (
    <PageLayout title={t('search.title')} lead={t('search.lead')}>
      <form role="search" className={styles.form} onSubmit={submit}>
        <label htmlFor="offer-search" className={styles.label}>
          {t('search.label')}
        </label>
        <input
          id="offer-search"
          className={styles.input}
          type="search"
          name={SEARCH_PARAM}
          value={draft}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={t('search.placeholder')}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className={`pill-button ${styles.submit}`}>
          {t('search.submit')}
        </button>
      </form>
      {blank ? (
        <p className={styles.message}>{t('search.blank')}</p>
      ) : isLoading ? (
        <OfferGridSkeleton />
      ) : isError ? (
        <p className={styles.message}>{t('search.failed')}</p>
      ) : results.length === 0 ? (
        <p className={styles.message}>
          {t.rich('search.noMatch', { query, link: (chunks) => <Link to={signedIn ? PATHS.offers : PATHS.home}>{chunks}</Link> })}
        </p>
      ) : (
        <>
          <p className={styles.count} role="status">
            {t('search.count', { count: results.length, query })}
          </p>
          <OfferGrid offers={results} label={t('search.results')} onOpen={open} />
        </>
      )}
      {openOffer ? (
        <LazyOfferModal offer={openOffer} rating={openOffer.rate ?? DEFAULT_OFFER_RATING} onClose={() => setOpenOffer(null)} />
      ) : null}
    </PageLayout>
  );
}
