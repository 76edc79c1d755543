import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTOSAVE_MIN_SAVING_MS, ERROR_CODES, type TCampaign, type TFormData } from '@rally/domain';
import { isApiError } from '../../../lib/api-client';
import { builderKeys, fetchFormData } from '../api/builder-api';

/** What the autosave indicator shows: idle and done both read "all changes saved". */
export type TAutosaveState = 'idle' | 'saving' | 'done' | 'error';

export interface BuilderWrites {
  /**
   * Runs one write after every earlier one, with the campaign version known at the
   * time it is sent, and learns the new version from the answer. With `refetch` the
   * form data is reloaded afterwards (missions, rewards, progress and warnings may change).
   */
  run(write: (version: number) => Promise<TCampaign>, options?: { refetch?: boolean }): Promise<TCampaign>;
  state: TAutosaveState;
  /** Someone else saved the campaign since it was loaded: local edits must not be written over theirs. */
  stale: boolean;
  /** Reloads the campaign from the server, discarding local edits; resolves once loaded. */
  reload(): Promise<void>;
  /** Changes whenever local edits must be thrown away (after a reload). */
  resetKey: number;
}

export function isStaleVersion(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === ERROR_CODES.staleVersion;
}

/**
 * The builder's single write lane. Writes are serialised because each one bumps the
 * campaign version and the next must be sent with the new one; the indicator shows
 * "saving" for at least AUTOSAVE_MIN_SAVING_MS so a fast save is still noticed.
 */
export function useBuilderWrites(campaignId: number, formData: TFormData | undefined): BuilderWrites {
  const queryClient = useQueryClient();
  const versionRef = useRef(0);
  const queueRef = useRef<Promise<unknown>>(Promise.resolve());
  const pendingRef = useRef(0);
  const failedRef = useRef(false);
  const savingSinceRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [state, setState] = useState<TAutosaveState>('idle');
  const [stale, setStale] = useState(false);
  const [resetKey, setResetKey] = useState(0);

  const loadedVersion = formData?.campaign.version ?? 0;
  useEffect(() => {
    // Versions only grow; a refetch that was read before our last write must not take us back.
    versionRef.current = Math.max(versionRef.current, loadedVersion);
  }, [loadedVersion]);

  useEffect(() => () => clearTimeout(timerRef.current), []);

  const remember = useCallback(
    (campaign: TCampaign) => {
      versionRef.current = Math.max(versionRef.current, campaign.version);
      queryClient.setQueryData<TFormData>(builderKeys.formData(campaignId), (old) =>
        old ? { ...old, campaign } : old,
      );
    },
    [campaignId, queryClient],
  );

  const run = useCallback<BuilderWrites['run']>(
    (write, options = {}) => {
      clearTimeout(timerRef.current);
      if (pendingRef.current === 0) {
        savingSinceRef.current = Date.now();
        failedRef.current = false;
      }
      pendingRef.current += 1;
      setState('saving');
      const result = queueRef.current.then(async () => {
        const campaign = await write(versionRef.current);
        remember(campaign);
        if (options.refetch) {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: builderKeys.formData(campaignId) }),
            queryClient.invalidateQueries({ queryKey: builderKeys.activity(campaignId) }),
          ]);
        }
        return campaign;
      });
      const settled = result.then(
        () => undefined,
        (error: unknown) => {
          failedRef.current = true;
          if (isStaleVersion(error)) setStale(true);
        },
      );
      queueRef.current = settled;
      void settled.then(() => {
        pendingRef.current -= 1;
        if (pendingRef.current > 0) return;
        const wait = Math.max(0, AUTOSAVE_MIN_SAVING_MS - (Date.now() - savingSinceRef.current));
        timerRef.current = setTimeout(() => setState(failedRef.current ? 'error' : 'done'), wait);
      });
      return result;
    },
    [campaignId, queryClient, remember],
  );

  const reload = useCallback(async () => {
    await queueRef.current;
    const fresh = await queryClient.fetchQuery({
      queryKey: builderKeys.formData(campaignId),
      queryFn: ({ signal }) => fetchFormData(campaignId, signal),
      staleTime: 0,
    });
    // A deliberate reload takes the server's version as it is.
    versionRef.current = fresh.campaign.version;
    void queryClient.invalidateQueries({ queryKey: builderKeys.activity(campaignId) });
    setStale(false);
    setState('idle');
    setResetKey((k) => k + 1);
  }, [campaignId, queryClient]);

  return { run, state, stale, reload, resetKey };
}
