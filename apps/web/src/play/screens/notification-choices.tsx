import { useEffect, useState } from 'react';
import type { TChoosableChannel, TNotificationChoices, TNotificationKind } from '@rally/domain';
import { playFetch } from '../play-api';
import { usePlayI18n } from '../play-i18n';
import { disablePush, enablePush, pushState, type TPushState } from '../play-push';
import { usePlayGet } from '../play-router';
import { ErrorNote, Loading } from '../play-ui';

// The domain's NOTIFICATION_KINDS, listed here as types only so /play does not load the domain's runtime schemas.
const KINDS: TNotificationKind[] = ['campaign-launched', 'reward-unlocked', 'entry-accepted', 'entry-rejected', 'prize-assigned', 'campaign-ending'];
const CHANNELS: TChoosableChannel[] = ['push', 'mail'];

/** This device's Web Push: on or off, with the button that asks the browser (permission needs a click). */
function DevicePush() {
  const { t, lang } = usePlayI18n();
  const [state, setState] = useState<TPushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  if (state === null) return null;
  const run = (action: () => Promise<TPushState>) => {
    setBusy(true);
    setError(undefined);
    action()
      .then(setState, setError)
      .finally(() => setBusy(false));
  };
  const text = { on: 'choices.pushOn', off: 'choices.pushOff', denied: 'choices.pushDenied', unsupported: 'choices.pushUnsupported' } as const;
  return (
    <div className="stack-sm">
      <p className="small" role="status">
        {t(text[state])}
      </p>
      {state === 'off' ? (
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => run(() => enablePush(lang))}>
          {t('choices.pushEnable')}
        </button>
      ) : null}
      {state === 'on' ? (
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => run(disablePush)}>
          {t('choices.pushDisable')}
        </button>
      ) : null}
      <ErrorNote error={error} />
    </div>
  );
}

/**
 * A participant's notification choices: each kind × push and mail (the inbox always gets everything), saved as
 * they are ticked, and this device's push switch. Mounted by the /play settings screen.
 */
export function NotificationChoices() {
  const { t } = usePlayI18n();
  const loaded = usePlayGet<TNotificationChoices>('/notifications/choices');
  const [current, setCurrent] = useState<TNotificationChoices | null>(null);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const choices = current ?? loaded.data;
  if (!choices) return loaded.error ? <ErrorNote error={loaded.error} onRetry={loaded.reload} /> : <Loading />;
  const enabled = (kind: TNotificationKind, channel: TChoosableChannel) =>
    choices.choices.find((c) => c.kind === kind && c.channel === channel)?.enabled ?? false;
  const toggle = (kind: TNotificationKind, channel: TChoosableChannel, value: boolean) => {
    setSaved(false);
    setError(undefined);
    playFetch<TNotificationChoices>('/notifications/choices', { body: { choices: [{ kind, channel, enabled: value }] } }).then(
      (next) => {
        setCurrent(next);
        setSaved(true);
      },
      setError,
    );
  };
  return (
    <section className="stack-sm" aria-labelledby="notification-choices-title">
      <h2 id="notification-choices-title">{t('choices.title')}</h2>
      <p className="small">{t('choices.lead')}</p>
      <DevicePush />
      <table className="choices">
        <thead>
          <tr>
            <th scope="col">{t('choices.kind')}</th>
            {CHANNELS.map((channel) => (
              <th scope="col" key={channel}>
                {t(`choices.${channel}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{t(`kind.${kind}`)}</th>
              {CHANNELS.map((channel) => (
                <td key={channel}>
                  <input
                    type="checkbox"
                    aria-label={`${t(`kind.${kind}`)} — ${t(`choices.${channel}`)}`}
                    checked={enabled(kind, channel)}
                    disabled={channel === 'mail' && !choices.canMail}
                    onChange={(e) => toggle(kind, channel, e.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {choices.canMail ? null : <p className="small muted">{t('choices.noMail')}</p>}
      {saved ? (
        <p className="small" role="status">
          {t('choices.saved')}
        </p>
      ) : null}
      <ErrorNote error={error} />
    </section>
  );
}
