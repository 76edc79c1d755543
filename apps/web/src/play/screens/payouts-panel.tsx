import { useRef, useState, type FormEvent } from 'react';
import { ZPayoutDetailsBody, type TMyPayouts, type TPayout, type TPayoutBalance, type TPayoutDetails, type TPayoutMethod } from '@rally/domain';
import { fieldError, newIdempotencyKey, PlayApiError, playFetch } from '../play-api';
import { usePlayGet } from '../play-router';
import { usePlayI18n } from '../play-i18n';
import { ErrorNote, TextField } from '../play-ui';

/** Money in the payout's own currency (a balance may be another brand's than the session's). */
function useAmount() {
  const { lang } = usePlayI18n();
  return (cents: number, currency: string) => new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
}

/** Where the money goes: PayPal email, or IBAN and holder — checked with the domain's schema before it is sent. */
function DetailsForm({ current, onSaved }: { current: TPayoutDetails | null; onSaved: (d: TPayoutDetails) => void }) {
  const { t } = usePlayI18n();
  const [method, setMethod] = useState<TPayoutMethod>(current?.method ?? 'paypal');
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const body =
      method === 'paypal'
        ? { method, email: (values['email'] ?? '').trim() }
        : { method, accountHolder: values['accountHolder'] ?? '', iban: values['iban'] ?? '' };
    const parsed = ZPayoutDetailsBody.safeParse(body);
    if (!parsed.success) {
      setError(new PlayApiError(400, 'VALIDATION_FAILED', '', parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))));
      return;
    }
    setBusy(true);
    setError(undefined);
    playFetch<TPayoutDetails>('/payouts/details', { body: parsed.data })
      .then((d) => {
        setSaved(true);
        onSaved(d);
      }, setError)
      .finally(() => setBusy(false));
  };
  const field = (name: 'email' | 'accountHolder' | 'iban', autoComplete: string) => (
    <TextField
      key={name}
      label={`${t(`payouts.${name}`)} (${t('form.required')})`}
      name={name}
      autoComplete={autoComplete}
      type={name === 'email' ? 'email' : 'text'}
      value={values[name] ?? ''}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={fieldError(error, name)}
    />
  );
  return (
    <form className="card stack-sm" onSubmit={submit} noValidate aria-label={t('payouts.details')}>
      <strong>{t('payouts.details')}</strong>
      {current ? <p className="small muted">{t('payouts.detailsNow', { method: t(`payouts.${current.method}`), address: current.address })}</p> : null}
      <div className="field">
        <label htmlFor="payout-method">{t('payouts.method')}</label>
        <select id="payout-method" value={method} onChange={(e) => setMethod(e.target.value as TPayoutMethod)}>
          <option value="paypal">{t('payouts.paypal')}</option>
          <option value="bank_transfer">{t('payouts.bank_transfer')}</option>
        </select>
      </div>
      {method === 'paypal' ? field('email', 'email') : [field('accountHolder', 'name'), field('iban', 'off')]}
      <ErrorNote error={error instanceof PlayApiError && error.fields.length > 0 ? undefined : error} />
      {saved ? (
        <p className="small" role="status">
          {t('payouts.saved')}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={busy}>
        {t('payouts.saveDetails')}
      </button>
    </form>
  );
}

function BalanceCard({ balance, hasDetails, onPaid }: { balance: TPayoutBalance; hasDetails: boolean; onPaid: () => void }) {
  const { t } = usePlayI18n();
  const amount = useAmount();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  // One key per attempt: a retry after a network error re-sends it, so the payout is never made twice.
  const attempt = useRef<string | null>(null);
  const request = () => {
    attempt.current ??= newIdempotencyKey();
    setBusy(true);
    setError(undefined);
    playFetch<TPayout>('/payouts', { body: { brandId: balance.brandId }, headers: { 'idempotency-key': attempt.current } })
      .then(() => {
        attempt.current = null;
        onPaid();
      }, setError)
      .finally(() => setBusy(false));
  };
  const money = (cents: number) => amount(cents, balance.currency);
  return (
    <li className="card stack-sm" aria-label={balance.brandName}>
      <strong>{balance.brandName}</strong>
      <p className="amount">{t('payouts.balance', { amount: money(balance.balanceCents) })}</p>
      {balance.inFlightCents > 0 ? <p className="small">{t('payouts.inFlight', { amount: money(balance.inFlightCents) })}</p> : null}
      {balance.paidCents > 0 ? <p className="small muted">{t('payouts.paid', { amount: money(balance.paidCents) })}</p> : null}
      <p className="small muted">
        {t('payouts.minimum', { amount: money(balance.minimumCents) })} {balance.approval === 'brand' ? t('payouts.approval', { brand: balance.brandName }) : null}
      </p>
      {!hasDetails && balance.canRequest ? <p className="small">{t('payouts.needDetails')}</p> : null}
      <ErrorNote error={error} />
      <button type="button" className="btn btn-primary" disabled={busy || !balance.canRequest || !hasDetails} onClick={request}>
        {t('payouts.request', { amount: money(balance.balanceCents) })}
      </button>
    </li>
  );
}

/** On "My rewards": what the participant earned in money, per brand, where it goes, and their payouts. */
export function PayoutsPanel() {
  const { t } = usePlayI18n();
  const amount = useAmount();
  const mine = usePlayGet<TMyPayouts>('/payouts');
  const [details, setDetails] = useState<TPayoutDetails | null | undefined>(undefined);
  // A server without payouts answers 404: the rewards screen then simply has no payouts panel.
  if (mine.error instanceof PlayApiError && mine.error.status === 404) return null;
  if (!mine.data) return <ErrorNote error={mine.error} onRetry={mine.reload} />;
  const current = details === undefined ? mine.data.details : details;
  return (
    <section className="stack" aria-labelledby="payouts-title">
      <h2 id="payouts-title">{t('payouts.title')}</h2>
      {mine.data.testMode ? <p className="small muted">{t('payouts.testMode')}</p> : null}
      {mine.data.balances.length === 0 ? <p className="muted">{t('payouts.empty')}</p> : null}
      <ul className="stack plain">
        {mine.data.balances.map((b) => (
          <BalanceCard key={b.brandId} balance={b} hasDetails={current !== null} onPaid={mine.reload} />
        ))}
      </ul>
      <DetailsForm current={current} onSaved={setDetails} />
      {mine.data.payouts.length > 0 ? (
        <>
          <h3>{t('payouts.history')}</h3>
          <ul className="stack plain" aria-label={t('payouts.history')}>
            {mine.data.payouts.map((p) => (
              <li key={p.id} className="card">
                <strong>{amount(p.amountCents, p.currency)}</strong> · {p.brandName} · {t(`payouts.${p.method}`)} {p.address}{' '}
                <span className="badge">{t(`payouts.status.${p.status}`)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
