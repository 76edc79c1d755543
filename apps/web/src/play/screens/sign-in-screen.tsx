import { useState, type FormEvent } from 'react';
import type { TPlayRequestCodeBody, TPlaySession } from '@rally/domain';
import { fieldError, playFetch } from '../play-api';
import { usePlayI18n } from '../play-i18n';
import { ErrorNote, TextField } from '../play-ui';

type TMethod = 'code' | 'password';

/** Email one-time code for everyone; password for demo store users. */
export function SignInScreen({ onSignedIn }: { onSignedIn: (session: TPlaySession) => void }) {
  const { t } = usePlayI18n();
  const [method, setMethod] = useState<TMethod>('code');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState<{ minutes: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (method === 'password') {
        onSignedIn(await playFetch<TPlaySession>('/auth/sign-in', { body: { email, password } }));
      } else if (!codeSent) {
        const body: TPlayRequestCodeBody = { email };
        const answer = await playFetch<{ expiresInSeconds: number }>('/auth/request-code', { body });
        setCodeSent({ minutes: Math.round(answer.expiresInSeconds / 60) });
      } else {
        onSignedIn(await playFetch<TPlaySession>('/auth/verify-code', { body: { email, code } }));
      }
    });
  };

  const switchTo = (next: TMethod) => {
    setMethod(next);
    setError(undefined);
  };

  return (
    <section className="stack" aria-labelledby="sign-in-title">
      <div>
        <h1 id="sign-in-title" tabIndex={-1}>
          {t('signIn.title')}
        </h1>
        <p className="muted">{t('signIn.lead')}</p>
      </div>
      <div className="segmented" role="radiogroup" aria-label={t('signIn.method')}>
        {(['code', 'password'] as const).map((m) => (
          <label key={m} className={method === m ? 'active' : undefined}>
            <input type="radio" name="method" value={m} checked={method === m} onChange={() => switchTo(m)} />
            {m === 'code' ? t('signIn.byCode') : t('signIn.byPassword')}
          </label>
        ))}
      </div>
      <form className="stack card" onSubmit={submit} noValidate>
        <TextField
          label={t('signIn.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          readOnly={method === 'code' && codeSent !== null}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(error, 'email')}
        />
        {method === 'password' ? (
          <TextField
            label={t('signIn.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError(error, 'password')}
          />
        ) : null}
        {method === 'code' && codeSent ? (
          <>
            <p className="muted" role="status">
              {t('signIn.codeSent', { email, minutes: String(codeSent.minutes) })}
            </p>
            <TextField
              label={t('signIn.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
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
          {method === 'password' ? t('signIn.submit') : codeSent ? t('signIn.verify') : t('signIn.sendCode')}
        </button>
        {method === 'code' && codeSent ? (
          <button
            type="button"
            className="btn btn-link"
            onClick={() => {
              setCodeSent(null);
              setCode('');
              setError(undefined);
            }}
          >
            {t('signIn.otherEmail')}
          </button>
        ) : null}
      </form>
    </section>
  );
}
