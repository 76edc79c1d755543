import { useCallback, useEffect, useState } from 'react';
import type { TPlaySession } from '@rally/domain';
import { languageEndonym, type TLanguage } from '../i18n/languages';
import { PLAY_SIGNED_OUT_EVENT, PlayApiError, playFetch } from './play-api';
import { LANGUAGES, PlayCurrencyProvider, PlayI18nProvider, PlayTimeZoneProvider, browserTimeZone, usePlayI18n } from './play-i18n';
import { PlayLink, navigate, usePlayPath } from './play-router';
import { ErrorNote, Loading } from './play-ui';
import { CampaignListScreen } from './screens/campaign-list-screen';
import { CampaignScreen } from './screens/campaign-screen';
import { InboxScreen, useUnreadCount } from './screens/inbox-screen';
import { MeScreen } from './screens/me-screen';
import { MissionScreen } from './screens/mission-screen';
import { RankScreen } from './screens/rank-screen';
import { RewardsScreen } from './screens/rewards-screen';
import { SignInScreen } from './screens/sign-in-screen';

/** The header's language switch; signed in, the choice is also saved as the participant's (onChosen). */
function LanguageSelect({ onChosen }: { onChosen?: ((lang: TLanguage) => void) | undefined }) {
  const { t, lang, setLang } = usePlayI18n();
  const choose = (next: TLanguage) => {
    setLang(next);
    onChosen?.(next);
  };
  return (
    <label className="lang">
      <span className="sr-only">{t('nav.language')}</span>
      <select value={lang} onChange={(e) => choose(e.target.value as TLanguage)} aria-label={t('nav.language')}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {languageEndonym(l)}
          </option>
        ))}
      </select>
    </label>
  );
}

interface TScreenProps {
  path: string;
  session: TPlaySession;
  onSession: (session: TPlaySession) => void;
  onDeleted: () => void;
}

function Screen({ path, session, onSession, onDeleted, onUnread }: TScreenProps & { onUnread: (n: number) => void }) {
  if (path === '/inbox') return <InboxScreen onUnread={onUnread} />;
  if (path === '/me') return <MeScreen session={session} onSession={onSession} onDeleted={onDeleted} />;
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

  // The participant's own language wins over the browser's and the last one chosen on this device (decision 0027).
  const { setLang } = usePlayI18n();
  const savedLanguage = session?.participant.language ?? null;
  useEffect(() => {
    if (savedLanguage) setLang(savedLanguage);
  }, [savedLanguage, setLang]);
  const saveLanguage = (language: TLanguage) => {
    if (!session) return;
    playFetch<TPlaySession>('/me/settings', { method: 'PATCH', body: { language } }).then(setSession, () => {
      // The switch still applies on this device; the settings screen shows save errors.
    });
  };
  const [deleted, setDeleted] = useState(false);
  const [unread, setUnread] = useUnreadCount(Boolean(session), path);
  const onDeleted = () => {
    setDeleted(true);
    setSession(null);
    navigate('/');
  };

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
        <LanguageSelect onChosen={session ? saveLanguage : undefined} />
      </header>
      <main id="main" className="main">
        {bootError ? <ErrorNote error={bootError} onRetry={retrySession} /> : null}
        {session === undefined && !bootError ? <Loading /> : null}
        {session === null && deleted ? (
          <p className="card" role="status">
            {t('me.deleted')}
          </p>
        ) : null}
        {session === null ? (
          <SignInScreen
            onSignedIn={(s) => {
              setDeleted(false);
              setSession(s);
            }}
          />
        ) : null}
        {session ? (
          <PlayCurrencyProvider value={session.participant.brandCurrency}>
            <PlayTimeZoneProvider value={session.participant.timeZone ?? browserTimeZone()}>
              <Screen path={path} session={session} onSession={setSession} onDeleted={onDeleted} onUnread={setUnread} />
            </PlayTimeZoneProvider>
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
          <PlayLink to="/inbox" aria-current={path === '/inbox' ? 'page' : undefined}>
            {unread > 0 ? t('nav.inboxUnread', { count: unread }) : t('nav.inbox')}
          </PlayLink>
          <PlayLink to="/me" aria-current={path === '/me' ? 'page' : undefined}>
            {t('nav.me')}
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
