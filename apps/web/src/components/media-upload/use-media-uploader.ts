import { useCallback, useEffect, useRef, useState } from 'react';
import type { TMediaFile } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { useInvalidateMediaLibrary } from './media-api';
import { checkMediaFile, formatBytes, type TMediaAccept, type TMediaFileProblem } from './media-file-rules';
import { isAbortError, uploadMedia } from './upload-media';

export type TUploadState = { status: 'idle' } | { status: 'uploading'; fileName: string; percent: number };

interface Options {
  accept: TMediaAccept;
  onUploaded: (file: TMediaFile) => void;
}

/** Client checks, the XHR upload with progress and cancel, and translated errors, for one widget. */
export function useMediaUploader({ accept, onUploaded }: Options) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<TUploadState>({ status: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const onUploadedRef = useRef(onUploaded);
  const invalidateLibrary = useInvalidateMediaLibrary();

  useEffect(() => {
    onUploadedRef.current = onUploaded;
  }, [onUploaded]);

  // Leaving the page cancels a running upload instead of finishing it for nobody.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const problemMessage = useCallback(
    (problem: TMediaFileProblem, fileName: string): string => {
      if (problem.kind === 'type') return t(`missions.media.errors.type-${accept}`, { name: fileName });
      return t(`missions.media.errors.too-large-${problem.fileType}`, {
        name: fileName,
        size: formatBytes(problem.sizeBytes, i18n.language),
        limit: formatBytes(problem.limitBytes, i18n.language),
      });
    },
    [accept, i18n.language, t],
  );

  const start = useCallback(
    (file: File) => {
      const problem = checkMediaFile(file, accept);
      if (problem) {
        setError(problemMessage(problem, file.name));
        return;
      }
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setError(null);
      setState({ status: 'uploading', fileName: file.name, percent: 0 });
      uploadMedia({
        file,
        signal: controller.signal,
        onProgress: ({ percent }) =>
          setState((current) => (current.status === 'uploading' ? { ...current, percent } : current)),
      })
        .then((media) => {
          void invalidateLibrary();
          onUploadedRef.current(media);
        })
        .catch((cause: unknown) => {
          if (isAbortError(cause)) return;
          if (isApiError(cause) && (cause.status === 400 || cause.status === 413)) {
            const message = cause.fields[0]?.message ?? cause.message;
            setError(
              t(
                cause.status === 413
                  ? 'missions.media.errors.server-too-large'
                  : 'missions.media.errors.server-rejected',
                { message },
              ),
            );
            return;
          }
          setError(t('missions.media.errors.upload-failed', { reason: errorMessage(t, cause) }));
        })
        .finally(() => {
          if (controllerRef.current !== controller) return;
          controllerRef.current = null;
          setState({ status: 'idle' });
        });
    },
    [accept, invalidateLibrary, problemMessage, t],
  );

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const clearError = useCallback(() => setError(null), []);

  return { state, error, start, cancel, clearError };
}
