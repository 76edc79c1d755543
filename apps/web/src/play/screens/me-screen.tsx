import { useState, type FormEvent, type ReactNode } from 'react';
import {
  PLAY_LANGUAGES,
  ZPlayEmailChangeRequestBody,
  ZPlayEmailChangeVerifyBody,
  ZPlaySettingsBody,
  type TPlayDeletionPreview,
  type TPlayLanguage,
  type TPlaySession,
  type TPlaySettingsBody,
} from '@rally/domain';
import { languageEndonym } from '../../i18n/languages';
import { fieldError, playFetch } from '../play-api';
import { browserTimeZone, useMoney, usePlayI18n } from '../play-i18n';
import { usePlayGet } from '../play-router';
import { ErrorNote, Loading, TextField } from '../play-ui';
import { NotificationChoices } from './notification-choices';

/** The first message of a domain schema's failed parse for a field, as the server would name it. */
function schemaError(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, path: string) {
  if (result.success) return undefined;
  return result.error?.issues.find((i) => String(i.path[0] ?? '') === path)?.message;
}

/** Every zone Intl knows (modern browsers), with the browser's and the saved one first whatever the list holds. */
function timeZones(current: string | null): string[] {
  let all: string[] = [];
  try {
    all = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    all = [];
  }
  const set = new Set(all);
  if (current) set.add(current);
  set.add('UTC');
  return [...set].sort();
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card stack-sm" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

type TSave = (change: TPlaySettingsBody) => Promise<void>;

function ProfileSection({ session, save }: { session: TPlaySession; save: TSave }) {
  const { t } = usePlayI18n();
  const [name, setName] = useState(session.participant.name);
  const [error, setError] = useState<unknown>(undefined);
  const [localError, setLocalError] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = ZPlaySettingsBody.safeParse({ name });
    setLocalError(schemaError(parsed, 'name'));
    if (!parsed.success) return;
    setError(undefined);
    save({ name }).then(
      () => setSaved(true),
      (err: unknown) => setError(err),
    );
  };
  return (
    <form className="stack-sm" onSubmit={submit} noValidate>
      <TextField
        label={t('me.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
        maxLength={100}
        error={localError ?? fieldError(error, 'name')}
      />
      <ErrorNote error={fieldError(error, 'name') ? undefined : error} />
      <div className="row">
        <button type="submit" className="btn btn-primary">
          {t('me.save')}
        </button>
        <span role="status" className="muted">
          {saved ? t('me.saved') : ''}
        </span>
      </div>
    </form>
  );
}

function EmailSection({ session, onSession }: { session: TPlaySession; onSession: (s: TPlaySession) => void }) {
  const { t } = usePlayI18n();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [localError, setLocalError] = useState<{ email?: string | undefined; code?: string | undefined }>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!sentTo) {
      const parsed = ZPlayEmailChangeRequestBody.safeParse({ email });
      setLocalError({ email: schemaError(parsed, 'email') });
      if (!parsed.success) return;
      setBusy(true);
      playFetch('/me/email/request-code', { body: parsed.data })
        .then(() => setSentTo(parsed.data.email), setError)
        .finally(() => setBusy(false));
      return;
    }
    const parsed = ZPlayEmailChangeVerifyBody.safeParse({ email: sentTo, code: code.replace(/\s+/g, '') });
    setLocalError({ code: schemaError(parsed, 'code') });
    if (!parsed.success) return;
    setBusy(true);
    playFetch<TPlaySession>('/me/email/verify', { body: parsed.data })
      .then((next) => {
        onSession(next);
        setDone(next.participant.email);
        setOpen(false);
        setSentTo(null);
        setEmail('');
        setCode('');
      }, setError)
      .finally(() => setBusy(false));
  };

  return (
    <div className="stack-sm">
      <p>
        <span className="muted">{t('me.email')}: </span>
        <strong data-testid="me-email">{session.participant.email}</strong>
      </p>
      {done ? (
        <p role="status" className="muted">
          {t('me.emailChanged', { email: done })}
        </p>
      ) : null}
      {open ? (
        <form className="stack-sm" onSubmit={submit} noValidate aria-label={t('me.changeEmail')}>
          {sentTo ? (
            <>
              <p role="status">{t('me.codeSent', { email: sentTo })}</p>
              <TextField
                label={t('me.code')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                error={localError.code ?? fieldError(error, 'code')}
              />
            </>
          ) : (
            <TextField
              label={t('me.newEmail')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
              error={localError.email ?? fieldError(error, 'email')}
            />
          )}
          <ErrorNote error={fieldError(error, 'email') || fieldError(error, 'code') ? undefined : error} />
          <div className="row">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {sentTo ? t('me.confirmEmail') : t('me.sendCode')}
            </button>
            <button
              type="button"
              className="btn btn-link"
              onClick={() => {
                setOpen(false);
                setSentTo(null);
                setError(undefined);
              }}
            >
              {t('me.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          {t('me.changeEmail')}
        </button>
      )}
    </div>
  );
}

function PreferencesSection({ session, save }: { session: TPlaySession; save: TSave }) {
  const { t, lang } = usePlayI18n();
  const [error, setError] = useState<unknown>(undefined);
  const device = browserTimeZone();
  const zone = session.participant.timeZone;
  const change = (body: TPlaySettingsBody) => {
    setError(undefined);
    save(body).catch(setError);
  };
  return (
    <div className="stack-sm">
      <div className="field">
        <label htmlFor="me-language">{t('me.language')}</label>
        <select id="me-language" value={lang} onChange={(e) => change({ language: e.target.value as TPlayLanguage })}>
          {PLAY_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {languageEndonym(l)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="me-time-zone">{t('me.timeZone')}</label>
        <select
          id="me-time-zone"
          value={zone ?? ''}
          aria-describedby="me-time-zone-hint"
          onChange={(e) => change({ timeZone: e.target.value === '' ? null : e.target.value })}
        >
          <option value="">{t('me.timeZoneDevice', { zone: device })}</option>
          {timeZones(zone).map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        <small id="me-time-zone-hint" className="muted">
          {t('me.timeZoneHint', { zone: device })}
        </small>
      </div>
      <ErrorNote error={error} />
    </div>
  );
}

function DeleteSection({ onDeleted }: { onDeleted: () => void }) {
  const { t } = usePlayI18n();
  const money = useMoney();
  const preview = usePlayGet<TPlayDeletionPreview>('/me/deletion');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  if (preview.loading && !preview.data) return <Loading />;
  if (!preview.data) return <ErrorNote error={preview.error} onRetry={preview.reload} />;
  const p = preview.data;
  const amount = money(p.moneyEarnedCents);
  const remove = () => {
    setBusy(true);
    setError(undefined);
    const body = { confirm: true, ...(p.moneyEarnedCents > 0 ? { forfeitMoneyCents: p.moneyEarnedCents } : {}) };
    playFetch('/me/delete', { body })
      .then(onDeleted, setError)
      .finally(() => setBusy(false));
  };
  return (
    <div className="stack-sm">
      <p>{t('me.deleteLead', { completions: p.completions, unlocks: p.unlocks })}</p>
      {p.moneyEarnedCents > 0 ? (
        <p className="error" data-testid="me-delete-money">
          {t('me.deleteMoney', { amount })}
        </p>
      ) : null}
      <label className="choice">
        <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
        <span>{p.moneyEarnedCents > 0 ? t('me.deleteConfirmMoney', { amount }) : t('me.deleteConfirm')}</span>
      </label>
      <ErrorNote error={error} />
      <button type="button" className="btn btn-danger" disabled={!confirmed || busy} onClick={remove}>
        {t('me.deleteButton')}
      </button>
    </div>
  );
}

/**
 * "Me": the participant's profile (name; email changed with a code sent to the new address), language and time
 * zone (stored per participant and applied at once), notification choices, their data as a download, and deleting
 * their account (decision 0027).
 */
export function MeScreen({
  session,
  onSession,
  onDeleted,
}: {
  session: TPlaySession;
  onSession: (session: TPlaySession) => void;
  onDeleted: () => void;
}) {
  const { t } = usePlayI18n();
  const save: TSave = async (change) => {
    onSession(await playFetch<TPlaySession>('/me/settings', { method: 'PATCH', body: change }));
  };
  return (
    <div className="stack">
      <h1 tabIndex={-1}>{t('me.title')}</h1>
      <Section title={t('me.profile')} id="me-profile">
        <ProfileSection key={session.participant.id} session={session} save={save} />
        <EmailSection session={session} onSession={onSession} />
      </Section>
      <Section title={`${t('me.language')} · ${t('me.timeZone')}`} id="me-preferences">
        <PreferencesSection session={session} save={save} />
      </Section>
      {/* The notification choices are their own section (notifications feature, decision 0026). */}
      <div className="card">
        <NotificationChoices />
      </div>
      <Section title={t('me.data')} id="me-data">
        <p className="muted">{t('me.dataLead')}</p>
        <a className="btn" href="/api/play/me/export" download>
          {t('me.download')}
        </a>
      </Section>
      <Section title={t('me.delete')} id="me-delete">
        <DeleteSection onDeleted={onDeleted} />
      </Section>
    </div>
  );
}
