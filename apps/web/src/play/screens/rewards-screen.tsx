import { useState, type FormEvent } from 'react';
import type { TPlayMyRewards, TPlayUnlock, TPrizeUserFormBody } from '@rally/domain';
import { fieldError, playFetch } from '../play-api';
import { usePlayGet } from '../play-router';
import { useMoney, usePlayI18n } from '../play-i18n';
import { ErrorNote, Loading, TextField, UnlockCard } from '../play-ui';
import { PayoutsPanel } from './payouts-panel';

const PRIZE_FIELDS = [
  'fullName',
  'phone',
  'addressLine1',
  'addressLine2',
  'city',
  'postalCode',
  'countryCode',
  'notes',
] as const;
const OPTIONAL: ReadonlySet<string> = new Set(['addressLine2', 'notes']);

/** The winner's delivery form for a prize (once; the answer is the unlock with its form). */
function PrizeForm({ unlock, onSent }: { unlock: TPlayUnlock; onSent: (u: TPlayUnlock) => void }) {
  const { t } = usePlayI18n();
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const body: TPrizeUserFormBody = {
      fullName: values['fullName'] ?? '',
      phone: values['phone'] ?? '',
      addressLine1: values['addressLine1'] ?? '',
      addressLine2: values['addressLine2'] ?? '',
      city: values['city'] ?? '',
      postalCode: values['postalCode'] ?? '',
      countryCode: values['countryCode'] ?? '',
      notes: values['notes'] ?? '',
    };
    playFetch<TPlayUnlock>(`/rewards/${unlock.unlockId}/prize-form`, { body })
      .then(onSent, setError)
      .finally(() => setBusy(false));
  };
  return (
    <form className="stack-sm" onSubmit={submit} noValidate aria-label={t('prize.formTitle')}>
      <strong>{t('prize.formTitle')}</strong>
      {PRIZE_FIELDS.map((name) => (
        <TextField
          key={name}
          label={OPTIONAL.has(name) ? t(`prize.${name}`) : `${t(`prize.${name}`)} (${t('form.required')})`}
          name={name}
          autoComplete={
            {
              fullName: 'name',
              phone: 'tel',
              addressLine1: 'address-line1',
              addressLine2: 'address-line2',
              city: 'address-level2',
              postalCode: 'postal-code',
              countryCode: 'country',
              notes: 'off',
            }[name]
          }
          maxLength={name === 'countryCode' ? 2 : undefined}
          value={values[name] ?? ''}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          error={fieldError(error, name)}
        />
      ))}
      <ErrorNote error={error} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('prize.send')}
      </button>
    </form>
  );
}

export function RewardsScreen() {
  const { t } = usePlayI18n();
  const money = useMoney();
  const rewards = usePlayGet<TPlayMyRewards>('/rewards');
  const [updated, setUpdated] = useState<Record<number, TPlayUnlock>>({});
  return (
    <section className="stack" aria-labelledby="rewards-title">
      <h1 id="rewards-title" tabIndex={-1}>
        {t('rewards.title')}
      </h1>
      {rewards.loading && !rewards.data ? <Loading /> : null}
      <ErrorNote error={rewards.error} onRetry={rewards.reload} />
      {rewards.data ? (
        <>
          <p className="card amount">{t('rewards.earned', { amount: money(rewards.data.moneyEarnedCents) })}</p>
          {rewards.data.items.length === 0 ? <p className="muted">{t('rewards.empty')}</p> : null}
          <ul className="stack plain">
            {rewards.data.items.map((item) => {
              const unlock = updated[item.unlockId] ?? item;
              return (
                <li key={unlock.unlockId}>
                  <UnlockCard unlock={unlock}>
                    <p className="muted small">{unlock.campaignName}</p>
                    {unlock.type === 'prize' && unlock.prizeForm === null ? (
                      <PrizeForm unlock={unlock} onSent={(u) => setUpdated((s) => ({ ...s, [u.unlockId]: u }))} />
                    ) : null}
                    {unlock.prizeForm ? <p className="small">{t('prize.sent')}</p> : null}
                  </UnlockCard>
                </li>
              );
            })}
          </ul>
          <PayoutsPanel />
        </>
      ) : null}
    </section>
  );
}
