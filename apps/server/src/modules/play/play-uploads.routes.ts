import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAY_SESSION_COOKIE, ZErrorBody } from '@rally/domain';
import { notFound } from '../../lib/app-error.js';
import { participantKey } from '../engine/index.js';
import { createDiskStorage } from '../media/index.js';
import { resolvePlayActor } from './play-session.js';
import { findUpload } from './play.repository.js';
import { fileResponse } from '../../lib/api-docs.js';

export interface PlayUploadRoutesOptions {
  dataDir: string;
}

/**
 * Serves participants' photos (receipts, photo fields) at the URL the upload answered with: to the
 * participant who uploaded it and to dashboard users of the upload's brand (reviewing a sale); anyone
 * else — another participant, another brand, no session — gets the same 404 as an unknown id.
 */
export async function playUploadRoutes(app: FastifyInstance, opts: PlayUploadRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const storage = createDiskStorage(path.join(opts.dataDir, 'play-uploads'));

  // Either session may be absent or invalid: each one only ever grants, never refuses on its own.
  const mayRead = async (request: FastifyRequest, upload: { brandId: string; participantKey: string }) => {
    if (request.headers.cookie?.includes(`${PLAY_SESSION_COOKIE}=`)) {
      const participant = await resolvePlayActor(db, app.caches.play.sessions, request).catch(() => null);
      if (participant && participantKey(participant) === upload.participantKey) return true;
    }
    const user = await app.actor(request).catch(() => null);
    return user !== null && user.brandId === upload.brandId;
  };

  r.get(
    '/api/play/uploads/:id',
    {
      config: { permission: 'participant' },
      schema: {
        tags: ['play'],
        security: [{ playSession: [] }, { session: [] }],
        summary: 'A participant photo: to its uploader, and to dashboard users of its brand',
        params: z.object({ id: z.uuid() }),
        response: { 200: fileResponse('The photo, as the image type it was stored as', ['image/*']), 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const upload = await findUpload(db, request.params.id);
      if (!upload || !(await mayRead(request, upload))) throw notFound('Upload');
      const file = await storage.open(upload.storageKey);
      if (!file) throw notFound('Upload');
      // Never executed or sniffed as anything but the image type it was accepted as.
      return reply
        .header('content-type', upload.contentType)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, max-age=3600')
        .send(file.stream);
    },
  );
}
