import { ZMediaFile, type TMediaFile } from '@rally/domain';
import { uploadFile, type TUploadProgress } from '../../lib/upload-file';

export { isAbortError, uploadErrorFrom, type TUploadProgress } from '../../lib/upload-file';

export const MEDIA_UPLOAD_URL = '/api/v3/media/upload';

export interface UploadMediaOptions {
  file: File;
  /** Sent before the file so the server has it when the file stream starts. */
  title?: string;
  onProgress?: (progress: TUploadProgress) => void;
  signal?: AbortSignal;
}

/** Uploads one image or video to the brand's media library, titled after the file unless a title is given. */
export function uploadMedia({ file, title, onProgress, signal }: UploadMediaOptions): Promise<TMediaFile> {
  return uploadFile({
    url: MEDIA_UPLOAD_URL,
    file,
    fields: { title: title ?? file.name.replace(/\.[^.]+$/, '') },
    schema: ZMediaFile,
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  });
}
