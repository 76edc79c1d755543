import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { TStoreJoinState } from '@rally/domain';
import { PlayApiError, fieldError, playFetch } from '../play-api';
import { PlayI18nProvider, usePlayI18n } from '../play-i18n';
import { useJoinT } from '../play-join-messages';
import { ErrorNote, Loading, TextField } from '../play-ui';

/** Where the signed-in /play lives: an approved newcomer goes there with a session. */
const enterPlay = () => window.location.assign('/play/');

/** The join link's code in /play/join/<code>, or null on the waiting page (/play/join). */
export function joinCodeOf(pathname: string): string | null {
  const m = /^\/play\/join\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname);
  return m ? m[1]! : null;
}

function Waiting({ state, onRefresh }: { state: TStoreJoinState; onRefresh: () => void }) {
  const jt = useJoinT();
  const [error, setError] = useState<unknown>(undefined);
  const vars = { name: state.name, store: state.storeName, brand: state.brandName };
  const enter = () => {
    setError(undefined);
    playFetch('/join/enter', { body: {} }).then(enterPlay, setError);
  };
  return (
    <section className="stack" aria-labelledby="join-state-title">
      <h1 id="join-state-title" tabIndex={-1}>
        {jt(`join.${state.status}Title`)}
      </h1>
      <p className="card" role="status">
        {jt(`join.${state.status}`, vars)}
      </p>
      <ErrorNote error={error} />
      {state.status === 'active' ? (
        <button type="button" className="btn btn-primary" onClick={enter}>
          {jt('join.enter')}
        </button>
      ) : state.status === 'pending' ? (
        <button type="button" className="btn" onClick={onRefresh}>
          {jt('join.refresh')}
        </button>
      ) : null}
    </section>
  );
}

function JoinForm({ storeCode, onState }: { storeCode: string; onState: (s: TStoreJoinState) => void }) {
  const jt = useJoinT();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    void (async () => {
      try {
        if (sent === null) {
          const answer = await playFetch<{ expiresInSeconds: number }>('/join/request-code', {
            body: { storeCode, email },
          });
          setSent(Math.round(answer.expiresInSeconds / 60));
          return;
        }
        const state = await playFetch<TStoreJoinState>('/join/verify', { body: { storeCode, email, code, name } });
        if (state.status === 'active') enterPlay();
        else onState(state);
      } catch (err) {
        setError(err);
      } finally {
        setBusy(false);
      }
    })();
  };
  return (
    <section className="stack" aria-labelledby="join-title">
      <div>
        <h1 id="join-title" tabIndex={-1}>
          {jt('join.title')}
        </h1>
        <p className="muted">{jt('join.lead')}</p>
      </div>
      <form className="stack card" onSubmit={submit} noValidate>
        <TextField
          label={jt('join.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError(error, 'name')}
        />
        <TextField
          label={jt('join.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          readOnly={sent !== null}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(error, 'email') ?? fieldError(error, 'storeCode')}
        />
        {sent !== null ? (
          <>
            <p className="muted" role="status">
              {jt('join.codeSent', { email, minutes: sent })}
            </p>
            <TextField
              label={jt('join.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              error={fieldError(error, 'code')}
            />
          </>
        ) : null}
        <ErrorNote error={error} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {sent === null ? jt('join.sendCode') : jt('join.submit')}
        </button>
      </form>
    </section>
  );
}

function JoinFlow({ storeCode }: { storeCode: string | null }) {
  const [state, setState] = useState<TStoreJoinState | null | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const load = useCallback(() => {
    playFetch<TStoreJoinState>('/join/status').then(
      (s) => {
        setError(undefined);
        setState(s);
      },
      (err: unknown) => {
        if (err instanceof PlayApiError && err.status === 404) setState(null);
        else setError(err);
      },
    );
  }, []);
  useEffect(load, [load]);
  if (error) return <ErrorNote error={error} onRetry={load} />;
  if (state === undefined) return <Loading />;
  // A browser that already asked sees where its request stands (on the link too); a refused person may ask again.
  if (state && (!storeCode || state.status !== 'rejected')) return <Waiting state={state} onRefresh={load} />;
  if (storeCode) return <JoinForm storeCode={storeCode} onState={setState} />;
  enterPlay();
  return <Loading />;
}

/** /play/join/<code> (a store's join link or QR poster) and /play/join (the waiting page). */
export function JoinApp() {
  return (
    <PlayI18nProvider>
      <JoinShell />
    </PlayI18nProvider>
  );
}

function JoinShell() {
  const { t } = usePlayI18n();
  return (
    <>
      <header className="bar">
        <a href="/play/" className="brand">
          {t('app.name')}
        </a>
      </header>
      <main id="main" className="main">
        <JoinFlow storeCode={joinCodeOf(window.location.pathname)} />
      </main>
    </>
  );
}
