import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setApiBase } from '@rewards/shared/api/api-base';
import { selectLiveStats } from '@rewards/shared/store/settings-slice';
import { followSettingsOfOtherTabs } from '@rewards/shared/store/storage-listeners';
import { makeStore } from '@rewards/shared/store/store';
import '@rewards/shared/styles/tokens.css';
import '@rewards/shared/styles/base.css';
import { App } from './app/app';
import { initFederation } from './federation/federation-runtime';
import { loadRuntimeConfig } from './federation/runtime-config';
import { noteTelemetry, startTelemetry } from './telemetry/telemetry-queue';
import { StartupFailure } from './app/startup-failure';
import { PrerenderedPageContext, takePrerenderedPage } from './app/prerendered-page';
import { tellLiveStatsAtStart } from './app/live-stats-at-start';
import { yieldToBrowser } from './app/yield-to-browser';
import { provideApiErrorTranslations } from './errors/error-messages';
import { localeOfPage, setCurrentLocale } from '@rewards/shared/translate/locale-store';
import { catalogsReady } from '@rewards/shared/translate/messages';
import { setOfferedLanguages } from '@rewards/shared/translate/choose-language';
import { shellMessagesReady } from './messages';
import '@rewards/shared/ui/ui-messages';

async function start() {
  const container = document.getElementById('root')!;
  const prerendered = takePrerenderedPage(container);
  // Errors a boundary caught (a remote's page or component showing its failure) count for telemetry.
  const root = createRoot(container, {
    onCaughtError: (error) => {
      noteTelemetry('caught', error);
      console.error(error);
    },
  });
  try {
    // The server wrote the visitor's language in <html lang> (the pseudo-language only in development); its
    // messages load beside the runtime config, so the first render is already in it.
    setCurrentLocale(localeOfPage({ pseudo: true }));
    provideApiErrorTranslations();
    const [config] = await Promise.all([loadRuntimeConfig(), catalogsReady()]);
    setApiBase(config.apiBase);
    setOfferedLanguages(config.languages);
    initFederation(config);
    startTelemetry(config, () => import(/* webpackChunkName: "telemetry" */ './telemetry/telemetry-reporter'));
    // Each phase its own task: the visitor can already scroll and select the page the server painted.
    await yieldToBrowser();
    const store = makeStore();
    await yieldToBrowser();
    // The first `storage` listener of a page opens its storage area in the browser (a blocking round trip).
    followSettingsOfOtherTabs(store.dispatch);
    tellLiveStatsAtStart(selectLiveStats(store.getState()), prerendered);
    await yieldToBrowser();
    // A transition: React renders the whole site in slices of a few ms and lets the browser answer between
    // them, instead of one long task (what the page painted from the server stays until it commits).
    startTransition(() => {
      root.render(
        <PrerenderedPageContext.Provider value={prerendered}>
          <App store={store} config={config} />
        </PrerenderedPageContext.Provider>,
      );
    });
  } catch (error) {
    console.error('The site could not start', error);
    const messagesLoaded = await shellMessagesReady().then(
      () => true,
      () => false,
    );
    root.render(<StartupFailure messagesLoaded={messagesLoaded} />);
  }
}

void start();
