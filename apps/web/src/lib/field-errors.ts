import type { z } from 'zod';

/** The first message of each field a domain schema refuses, by top-level field name. */
export function fieldErrorsOf<T extends z.ZodType>(schema: T, values: unknown): Partial<Record<string, string>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's field messages (a 400's or 409's `fields`), by top-level field name. */
export function serverFieldErrors(fields: readonly { path: string; message: string }[] | undefined): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const f of fields ?? []) errors[f.path.split('.')[0] ?? ''] ??= f.message;
  return errors;
}
