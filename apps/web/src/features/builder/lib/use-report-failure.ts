import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { isStaleVersion } from './use-builder-writes';

export type TFailureTitle = 'builder.errors.save-failed' | 'builder.errors.action-failed';

/** A failed builder write as a red toast; a stale version is left to the stale dialog, which explains it. */
export function useReportFailure(): (titleKey: TFailureTitle, error: unknown) => void {
  const { t } = useTranslation();
  return useCallback(
    (titleKey: TFailureTitle, error: unknown) => {
      if (isStaleVersion(error)) return;
      notify({ color: 'red', title: t(titleKey), message: errorMessage(t, error) });
    },
    [t],
  );
}
