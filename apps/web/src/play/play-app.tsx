import { useCallback, useEffect, useState } from 'react';
import type { TPlaySession } from '@rally/domain';
import { languageEndonym, type TLanguage } from '../i18n/languages';
import { PLAY_SIGNED_OUT_EVENT, PlayApiError, playFetch } from './play-api';
import { LANGUAGES, PlayCurrencyProvider, PlayI18nProvider, usePlayI18n } from './play-i18n';
import { PlayLink, navigate, usePlayPath } from './play-router';
import { ErrorNote, Loading } from './play-ui';
import { CampaignListScreen } from './screens/campaign-list-screen';
import { CampaignScreen } from './screens/campaign-screen';
import { MissionScreen } from './screens/mission-screen';
import { RankScreen } from './screens/rank-screen';
import { RewardsScreen } from './screens/rewards-screen';
import { SignInScreen } from './screens/sign-in-screen';

function LanguageSelect() {
  const { t, lang, setLang } = usePlayI18n();
  return (
    <label className="lang">
      <span className="sr-only">{t('nav.language')}</span>
      <select value={lang} onChange={(e) => setLang(e.target.value as TLanguage)} aria-label={t('nav.language')}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {languageEndonym(l)}
          </option>
        ))}
      </select>
    </label>
  );
}

function Screen({ path }: { path: string }) {
  let m = /^\/campaigns\/(\d+)\/missions\/(\d+)$/.exec(path);
  if (m) return <MissionScreen key={path} campaignId={Number(m[1])} campaignMissionId={Number(m[2])} />;
  m = /^\/campaigns\/(\d+)\/rank$/.exec(path);
  if (m) return <RankScreen campaignId={Number(m[1])} />;
  m = /^\/campaigns\/(\d+)$/.exec(path);
  if (m) return <CampaignScreen campaignId={Number(m[1])} />;
  if (path === '/rewards') return <RewardsScreen />;
  return <CampaignListScreen />;
}

function Shell() {
  const { t } = usePlayI18n();
  const path = usePlayPath();
  const [session, setSession] = useState<TPlaySession | null | undefined>(undefined);
  const [bootError, setBootError] = useState<unknown>(undefined);

  const fetchSession = useCallback(() => {
    playFetch<TPlaySession>('/me').then(setSession, (error: unknown) => {
      if (error instanceof PlayApiError && error.status === 401) setSession(null);
      else setBootError(error);
    });
  }, []);
  useEffect(fetchSession, [fetchSession]);
  const retrySession = () => {
    setBootError(undefined);
    fetchSession();
  };

  // Any call answering 401 later (an expired session) sends the participant back to sign-in.
  useEffect(() => {
    const onSignedOut = () => setSession(null);
    window.addEventListener(PLAY_SIGNED_OUT_EVENT, onSignedOut);
    return () => window.removeEventListener(PLAY_SIGNED_OUT_EVENT, onSignedOut);
  }, []);

  const signOut = () => {
    void playFetch('/auth/sign-out', { body: {} }).finally(() => {
      setSession(null);
      navigate('/');
    });
  };

  return (
    <>
      <a className="skip" href="#main">
        {t('nav.main')}
      </a>
      <header className="bar">
        <PlayLink to="/" className="brand">
          {t('app.name')}
        </PlayLink>
        {session ? <span className="who small">{session.participant.name}</span> : null}
        <LanguageSelect />
      </header>
      <main id="main" className="main">
        {bootError ? <ErrorNote error={bootError} onRetry={retrySession} /> : null}
        {session === undefined && !bootError ? <Loading /> : null}
        {session === null ? <SignInScreen onSignedIn={setSession} /> : null}
        {session ? (
          <PlayCurrencyProvider value={session.participant.brandCurrency}>
            <Screen path={path} />
          </PlayCurrencyProvider>
        ) : null}
      </main>
      {session ? (
        <nav className="tabs" aria-label={t('nav.main')}>
          <PlayLink to="/" aria-current={path === '/' || path.startsWith('/campaigns') ? 'page' : undefined}>
            {t('nav.campaigns')}
          </PlayLink>
          <PlayLink to="/rewards" aria-current={path === '/rewards' ? 'page' : undefined}>
            {t('nav.rewards')}
          </PlayLink>
          <button type="button" className="tab-button" onClick={signOut}>
            {t('nav.signOut')}
          </button>
        </nav>
      ) : null}
    </>
  );
}

export function PlayApp({ initialLanguage }: { initialLanguage?: TLanguage }) {
  return (
    <PlayI18nProvider {...(initialLanguage ? { initial: initialLanguage } : {})}>
      <Shell />
    </PlayI18nProvider>
  );
}
