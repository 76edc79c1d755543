import { z } from 'zod';

/**
 * Pieces of route schemas that only describe the API in its OpenAPI document (plugins/openapi.ts): what a client of
 * the generated API must send and may get back, where the validator cannot say it (a file answer, a multipart body,
 * a header the handler or a guard checks in its own order). None of them changes what a route accepts.
 */

declare module 'fastify' {
  interface FastifySchema {
    /**
     * An upload's text parts besides its binary `file` part, sent before the file (the handler reads them from the
     * multipart body, not the validator). Documentation only: with `consumes: ['multipart/form-data']` the document
     * shows the body as multipart/form-data with `file` and these fields.
     */
    multipartFields?: z.ZodObject;
  }
}

/** The bytes of a file answer: any to the type provider (a handler sends a string, a Buffer or a stream). */
const ZFileBytes = z.any().meta({ type: 'string', format: 'binary' });

/**
 * A successful answer that is a file (CSV, PDF, an image…), not JSON: its content types, so a client reads it as
 * such. Ranges (`image/*`) name a family the stored file's own type is one of.
 */
export function fileResponse(description: string, contentTypes: string[]) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: ZFileBytes }])) };
}

export interface HeaderDoc {
  description: string;
  /** What a client must send for the call to succeed (the check is the handler's or a guard's, in its order). */
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/**
 * Request headers as the document shows them. To the validator every one is optional and all other headers pass
 * through untouched, so the session check still comes first and the handler or guard that needs the header still
 * answers its own 400 or 403 naming it; `required` and the lengths are what the document promises a client.
 */
export function documentedHeaders(headers: Record<string, HeaderDoc>) {
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {};
  const required: string[] = [];
  for (const [name, doc] of Object.entries(headers)) {
    const { required: _required, ...rules } = doc;
    shape[name] = z.string().optional().meta(rules);
    if (doc.required) required.push(name);
  }
  return z.object(shape).passthrough().meta(required.length > 0 ? { required } : {});
}
