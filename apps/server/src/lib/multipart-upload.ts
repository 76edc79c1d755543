import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from './app-error.js';

/**
 * Upload routes read their multipart body through these, so a body the parser cannot read (no or wrong
 * boundary, cut short, a part without a name) is the client's 400 naming `file`, never a 500.
 */
export function multipartFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return invalid(
    [{ path: 'file', message: `the multipart body could not be read: ${message}` }],
    'The upload could not be read',
  );
}

/** The one file part of a multipart request, named "file"; fields sent before it are on part.fields. */
export async function fileOfRequest(request: FastifyRequest, limits: { fileSize: number }): Promise<MultipartFile> {
  if (!request.isMultipart()) throw invalid([{ path: 'file', message: 'send the file as multipart/form-data' }]);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: limits.fileSize, files: 1 } });
  } catch (error) {
    throw multipartFailure(error);
  }
  if (!part || part.fieldname !== 'file') throw invalid([{ path: 'file', message: 'required' }]);
  return part;
}

/**
 * Writes a file part to `target` as it arrives, instead of gathering it into one buffer: a 20 MB upload would be
 * 20 MB of fresh memory copied in one block on the request thread (decision 0007 §11). A file cut off at the part's
 * size limit rejects as toBuffer does, with statusCode 413; the caller removes `target` on any failure.
 */
export async function writeFilePart(part: MultipartFile, target: string): Promise<void> {
  await pipeline(part.file, createWriteStream(target));
  if (part.file.truncated) throw Object.assign(new Error('request file too large'), { statusCode: 413 });
}
