import { useEffect, useRef } from 'react';
import type { TFormData } from '@rally/domain';
import { saveCampaignFields } from '../api/builder-api';
import type { BuilderWrites } from './use-builder-writes';

/** Spec §4: autosave when completion progress changes — the server stores the value it recomputes. */
export function useProgressAutosave(formData: TFormData, readOnly: boolean, writes: BuilderWrites): void {
  const { campaign, progress } = formData;
  const id = campaign.id;
  const progressSaved = useRef<string | null>(null);
  useEffect(() => {
    if (readOnly || writes.stale) return;
    if (progress.percent === campaign.completionProgress) return;
    const key = `${campaign.version}:${progress.percent}`;
    if (progressSaved.current === key) return;
    progressSaved.current = key;
    writes.run((version) => saveCampaignFields(id, { version }), { refetch: true }).catch(() => undefined);
  }, [readOnly, writes, progress.percent, campaign.completionProgress, campaign.version, id]);
}
