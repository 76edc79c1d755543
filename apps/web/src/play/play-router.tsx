import {
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
} from 'react';
import { playFetch } from './play-api';

/** The app lives under /play; a tiny history router keeps react-router out of this bundle. */
export const PLAY_BASE = '/play';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

export function usePlayPath(): string {
  const pathname = useSyncExternalStore(subscribe, () => window.location.pathname);
  const rest = pathname.startsWith(PLAY_BASE) ? pathname.slice(PLAY_BASE.length) : pathname;
  return rest === '' ? '/' : rest.replace(/\/+$/, '') || '/';
}

export function navigate(to: string): void {
  window.history.pushState(null, '', `${PLAY_BASE}${to === '/' ? '/' : to}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
  // Move focus to the new screen's heading so keyboard and screen-reader users land on it.
  queueMicrotask(() => document.querySelector<HTMLElement>('main h1')?.focus());
}

export function PlayLink({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={`${PLAY_BASE}${to}`} onClick={handle} {...rest} />;
}

export interface TLoad<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** GET a participant API path; refetches when the path changes or on reload(). */
export function usePlayGet<T>(path: string): TLoad<T> {
  const [round, setRound] = useState(0);
  const key = `${path}#${round}`;
  // The answer remembers which request it belongs to, so a new path shows as loading without a reset in the effect.
  const [state, setState] = useState<{ key: string; data: T | undefined; error: unknown } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    playFetch<T>(path, { signal: controller.signal }).then(
      (data) => setState({ key, data, error: undefined }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, data: undefined, error });
      },
    );
    return () => controller.abort();
  }, [path, key]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const current = state?.key === key ? state : null;
  // While reloading, the previous answer for the same path stays on screen.
  const stale = state && state.key.startsWith(`${path}#`) ? state : null;
  return { data: (current ?? stale)?.data, error: current?.error, loading: current === null, reload };
}
