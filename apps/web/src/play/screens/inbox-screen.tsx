import { useEffect, useState } from 'react';
import type { TNotification, TNotificationList } from '@rally/domain';
import { playFetch } from '../play-api';
import { usePlayDate, usePlayI18n, type TTranslate } from '../play-i18n';
import { enablePush, pushState, type TPushState } from '../play-push';
import { PlayLink, usePlayGet } from '../play-router';
import { ErrorNote, Loading } from '../play-ui';

/** An item's words in the participant's language (the server says the same in push and mail). */
export function notificationWords(n: Pick<TNotification, 'kind' | 'data'>, t: TTranslate): { title: string; body: string } {
  const vars = {
    campaign: n.data.campaignName,
    reward: n.data.rewardTitle ?? '',
    mission: n.data.missionTitle ?? '',
    reason: n.data.reason ?? t('notify.noReason'),
  };
  return { title: t(`notify.${n.kind}.title`, vars), body: t(`notify.${n.kind}.body`, vars) };
}

/** Offers Web Push on this device while it is off (asking for permission needs the participant's click). */
function PushOffer() {
  const { t, lang } = usePlayI18n();
  const [state, setState] = useState<TPushState | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  if (state !== 'off') return null;
  const enable = () => {
    setError(undefined);
    enablePush(lang).then(setState, setError);
  };
  return (
    <div className="card stack-sm">
      <p>{t('inbox.pushOffer')}</p>
      <button type="button" className="btn" onClick={enable}>
        {t('inbox.pushEnable')}
      </button>
      <ErrorNote error={error} />
    </div>
  );
}

/** The inbox: newest first, unread marked; opening it marks what it shows read. */
export function InboxScreen({ onUnread }: { onUnread?: (unread: number) => void }) {
  const { t } = usePlayI18n();
  const date = usePlayDate();
  const first = usePlayGet<TNotificationList>('/notifications');
  const [older, setOlder] = useState<TNotification[]>([]);
  const [more, setMore] = useState<{ busy: boolean; done: boolean; error: unknown }>({ busy: false, done: false, error: undefined });
  const { reload } = first;

  // A push arriving while the inbox is open shows at once (the service worker tells open tabs).
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'rally-push') reload();
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [reload]);

  const unreadIds = first.data?.items.filter((i) => !i.read).map((i) => i.id) ?? [];
  const unreadKey = unreadIds.join(',');
  useEffect(() => {
    if (!unreadKey) return;
    const ids = unreadKey.split(',').map(Number);
    playFetch<{ unread: number }>('/notifications/read', { body: { ids } }).then((r) => onUnread?.(r.unread), () => undefined);
  }, [unreadKey, onUnread]);

  const markAll = () => {
    playFetch<{ unread: number }>('/notifications/read', { body: {} }).then((r) => {
      onUnread?.(r.unread);
      reload();
    }, () => undefined);
  };
  const items = [...(first.data?.items ?? []), ...older];
  const loadOlder = () => {
    const last = items[items.length - 1];
    if (!last) return;
    setMore((m) => ({ ...m, busy: true, error: undefined }));
    playFetch<TNotificationList>(`/notifications?before=${last.id}`).then(
      (page) => {
        setOlder((o) => [...o, ...page.items]);
        setMore({ busy: false, done: page.items.length === 0, error: undefined });
      },
      (error: unknown) => setMore({ busy: false, done: false, error }),
    );
  };

  return (
    <section className="stack" aria-labelledby="inbox-title">
      <h1 id="inbox-title" tabIndex={-1}>
        {t('inbox.title')}
      </h1>
      <PushOffer />
      {first.loading && !first.data ? <Loading /> : null}
      <ErrorNote error={first.error} onRetry={reload} />
      {first.data && items.length === 0 ? <p className="muted">{t('inbox.empty')}</p> : null}
      {unreadIds.length > 0 ? (
        <button type="button" className="btn btn-small" onClick={markAll}>
          {t('inbox.markAllRead')}
        </button>
      ) : null}
      <ul className="stack plain" aria-label={t('inbox.title')}>
        {items.map((n) => {
          const words = notificationWords(n, t);
          return (
            <li key={n.id} className="card stack-sm" data-kind={n.kind}>
              <strong>
                {n.read ? null : <span className="badge">{t('inbox.new')}</span>} {words.title}
              </strong>
              <span>{words.body}</span>
              <span className="small muted">{date(n.createdAt)}</span>
              <PlayLink to={`/campaigns/${n.campaignId}`} className="small">
                {t('inbox.open')}
              </PlayLink>
            </li>
          );
        })}
      </ul>
      {first.data && first.data.items.length >= 30 && !more.done ? (
        <button type="button" className="btn btn-small" onClick={loadOlder} disabled={more.busy}>
          {t('inbox.more')}
        </button>
      ) : null}
      <ErrorNote error={more.error} />
    </section>
  );
}

/** The unread count for the tab bar: read on sign-in, on each screen change and every minute. */
export function useUnreadCount(signedIn: boolean, path: string): [number, (n: number) => void] {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    const read = () => {
      playFetch<TNotificationList>('/notifications', { signal: controller.signal }).then(
        (l) => setUnread(l.unread),
        () => undefined,
      );
    };
    read();
    const timer = setInterval(read, 60_000);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [signedIn, path]);
  return [unread, setUnread];
}
