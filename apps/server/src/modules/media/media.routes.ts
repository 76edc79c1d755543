import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZMediaFile, ZMediaTitleBody, ZPageQuery, zPaged } from '@rally/domain';
import { notFound } from '../../lib/app-error.js';
import { fileOfRequest } from '../../lib/multipart-upload.js';
import { createDiskStorage } from './media-storage.js';
import { findMediaFile, listMedia, updateMediaTitle, uploadMedia, type MediaDeps } from './media.service.js';
import { createVideoProbe } from './video-probe.js';
import { fileResponse } from '../../lib/api-docs.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody };
const tags = ['media'];

export interface MediaRoutesOptions {
  dataDir: string;
  ffmpegPath?: string | undefined;
  videoLimitBytes: number;
}

export async function mediaRoutes(app: FastifyInstance, opts: MediaRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: MediaDeps = {
    db: app.database.db,
    storage: createDiskStorage(path.resolve(opts.dataDir, 'media')),
    probe: createVideoProbe(opts.ffmpegPath),
    tempDir: path.resolve(opts.dataDir, 'tmp'),
  };

  r.post(
    '/api/v3/media/upload',
    {
      config: { permission: 'mission:update' },
      schema: {
        tags,
        summary: 'Upload an image (≤ 10 MB) or video (≤ 200 MB) as multipart field "file" (optional field "title" before it)',
        consumes: ['multipart/form-data'],
        multipartFields: z.object({ title: ZMediaTitleBody.shape.title.optional().describe('The title (the file name when left out); sent before the file') }),
        response: { 201: ZMediaFile, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await app.actor(request);
      const part = await fileOfRequest(request, { fileSize: opts.videoLimitBytes });
      const titleField = part.fields.title;
      const title = titleField && !Array.isArray(titleField) && 'value' in titleField ? String(titleField.value) : undefined;
      const media = await uploadMedia(deps, {
        actor,
        stream: part.file,
        fileName: part.filename,
        declaredType: part.mimetype,
        title,
        wasTruncated: () => part.file.truncated,
        videoLimitBytes: opts.videoLimitBytes,
      });
      return reply.status(201).send(media);
    },
  );

  r.get(
    '/api/v3/media',
    { config: { permission: 'mission:read' }, schema: { tags, summary: "The brand's media library, newest first", querystring: ZPageQuery.strict(), response: { 200: zPaged(ZMediaFile), ...errors } } },
    async (request) => listMedia(deps.db, await app.actor(request), request.query.currentPage, request.query.perPage ?? 12),
  );

  r.post(
    '/api/v3/media/:id/update',
    {
      config: { permission: 'mission:update' },
      schema: { tags, summary: 'Change the title of a media file', params: z.object({ id: z.uuid() }), body: ZMediaTitleBody, response: { 200: ZMediaFile, ...errors } },
    },
    async (request) => updateMediaTitle(deps.db, await app.actor(request), request.params.id, request.body.title),
  );

  // Files are served by unguessable id (public campaign pages embed them) and never executed:
  // exact stored type, nosniff, and a sandboxing CSP on the response itself.
  for (const variant of ['original', 'thumb'] as const) {
    r.get(
      variant === 'original' ? '/api/media/file/:id' : '/api/media/file/:id/thumb',
      // Public: served by unguessable id (above).
      { config: { permission: 'public' }, schema: { tags, summary: variant === 'original' ? 'A media file' : "A media file's thumbnail", params: z.object({ id: z.uuid() }), response: { 200: variant === 'original' ? fileResponse('The file, as its stored type', ['image/*', 'video/*']) : fileResponse('The thumbnail (JPEG for a video, WebP for an image)', ['image/jpeg', 'image/webp']), 404: ZErrorBody } } },
      async (request, reply) => {
        const row = await findMediaFile(deps.db, request.params.id);
        const key = row ? (variant === 'original' ? row.storageKey : row.thumbKey) : null;
        const file = key ? await deps.storage.open(key) : null;
        if (!row || !file) throw notFound('Media file');
        const type = variant === 'original' ? row.mimeType : row.fileType === 'video' ? 'image/jpeg' : 'image/webp';
        return reply
          .header('content-type', type)
          .header('content-length', String(file.size))
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cross-origin-resource-policy', 'same-site')
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(file.stream);
      },
    );
  }
}
