import { useEffect, useState, type FormEvent } from 'react';
import type { TPlayAccount, TPlayAccounts, TPlayRequestCodeBody, TPlaySession } from '@rally/domain';
import { fieldError, playFetch } from '../play-api';
import { toSupportedLanguage } from '../../i18n/languages';
import { usePlayI18n } from '../play-i18n';
import { ErrorNote, TextField } from '../play-ui';

type TMethod = 'code' | 'password';

/**
 * Email one-time code for everyone; password for demo store users. An email with several accounts (stores of
 * several brands, R63) asks which one to take part as before signing in.
 */
export function SignInScreen({ onSignedIn }: { onSignedIn: (session: TPlaySession) => void }) {
  const { t, setLang } = usePlayI18n();
  const [method, setMethod] = useState<TMethod>('code');
  // A staff invitation's link (/play?email=…&lang=…) fills in the address and shows the person's language.
  const [email, setEmail] = useState(() => new URLSearchParams(window.location.search).get('email')?.slice(0, 254) ?? '');
  useEffect(() => {
    const invited = toSupportedLanguage(new URLSearchParams(window.location.search).get('lang'));
    if (invited) setLang(invited);
  }, [setLang]);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState<{ minutes: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [accounts, setAccounts] = useState<TPlayAccount[] | null>(null);
  const [chosen, setChosen] = useState<string>('');

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
      if (method === 'code' && !codeSent) {
        const body: TPlayRequestCodeBody = { email };
        const answer = await playFetch<{ expiresInSeconds: number }>('/auth/request-code', { body });
        setCodeSent({ minutes: Math.round(answer.expiresInSeconds / 60) });
        return;
      }
      const proof = method === 'password' ? { password } : { code };
      let account: { kind: TPlayAccount['kind']; id: number } | undefined;
      if (accounts) {
        const picked = accounts.find((a) => `${a.kind}:${a.id}` === chosen) ?? accounts[0]!;
        account = { kind: picked.kind, id: picked.id };
      } else {
        // The accounts this code or password opens; with several, the participant picks one first.
        const found = (await playFetch<TPlayAccounts>('/auth/accounts', { body: { email, ...proof } })).accounts;
        if (found.length > 1) {
          setAccounts(found);
          setChosen(`${found[0]!.kind}:${found[0]!.id}`);
          return;
        }
      }
      const body = { email, ...proof, ...(account ? { account } : {}) };
      onSignedIn(
        await playFetch<TPlaySession>(method === 'password' ? '/auth/sign-in' : '/auth/verify-code', { body }),
      );
    });
  };

  const switchTo = (next: TMethod) => {
    setMethod(next);
    setError(undefined);
    setAccounts(null);
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
          onChange={(e) => {
            setEmail(e.target.value);
            setAccounts(null);
          }}
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
            onChange={(e) => {
              setPassword(e.target.value);
              setAccounts(null);
            }}
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
        {accounts ? (
          <fieldset className="stack">
            <legend>{t('signIn.chooseAccount')}</legend>
            {accounts.map((a) => (
              <label key={`${a.kind}:${a.id}`} className="choice">
                <input
                  type="radio"
                  name="account"
                  value={`${a.kind}:${a.id}`}
                  checked={chosen === `${a.kind}:${a.id}`}
                  onChange={(e) => setChosen(e.target.value)}
                />
                {a.storeName
                  ? t('signIn.accountStore', { store: a.storeName, brand: a.brandName })
                  : t('signIn.accountConsumer', { brand: a.brandName })}
              </label>
            ))}
          </fieldset>
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
              setAccounts(null);
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
