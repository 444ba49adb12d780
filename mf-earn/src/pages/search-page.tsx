import { useState, type FormEvent } from 'react';
import type { Offer } from '@rewards/shared/contracts/offer-types';
import { PATHS } from '@rewards/shared/paths';
import { Link, useSearchParams } from '@rewards/shared/router';
import { useAppDispatch, useAppSelector } from '@rewards/shared/store/hooks';
import { selectIsAuthenticated } from '@rewards/shared/store/session-slice';
import { openAuth } from '@rewards/shared/store/ui-slice';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';
import { LazyOfferModal } from '../features/offers/lazy-offer-modal';
import { OfferGrid, OfferGridSkeleton } from '../features/offers/offer-grid';
import { useGetOffersQuery } from '../features/offers/offers-api';
import { MAX_QUERY_LENGTH, SEARCH_PARAM, searchOffers } from '../features/search/offer-search';
import { DEFAULT_OFFER_RATING } from './offers-page';
import styles from './search-page.module.css';

/**
 * `/search?q=…` (the site's declared search pattern): the offers whose name or description match, as the
 * offers grid shows them. A visitor who opens one is asked to sign up first.
 */
export default function SearchPage() {
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
    <PageLayout title="Search offers" lead="Find games, app tests and surveys by name or by what they ask of you.">
      <form role="search" className={styles.form} onSubmit={submit}>
        <label htmlFor="offer-search" className={styles.label}>
          Search offers
        </label>
        <input
          id="offer-search"
          className={styles.input}
          type="search"
          name={SEARCH_PARAM}
          value={draft}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="e.g. puzzle, survey, music"
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className={`pill-button ${styles.submit}`}>
          Search
        </button>
      </form>
      {blank ? (
        <p className={styles.message}>Type a word to search every offer.</p>
      ) : isLoading ? (
        <OfferGridSkeleton />
      ) : isError ? (
        <p className={styles.message}>We could not load the offers right now. Please try again in a moment.</p>
      ) : results.length === 0 ? (
        <p className={styles.message}>
          No offers match “{query}”. Try another word or <Link to={signedIn ? PATHS.offers : PATHS.home}>browse all offers</Link>.
        </p>
      ) : (
        <>
          <p className={styles.count} role="status">
            {results.length === 1 ? '1 offer matches' : `${results.length} offers match`} “{query}”
          </p>
          <OfferGrid offers={results} label="Search results" onOpen={open} />
        </>
      )}
      {openOffer ? (
        <LazyOfferModal offer={openOffer} rating={openOffer.rate ?? DEFAULT_OFFER_RATING} onClose={() => setOpenOffer(null)} />
      ) : null}
    </PageLayout>
  );
}
