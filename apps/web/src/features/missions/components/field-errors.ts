import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client';

/** Server validation messages the UI knows, so they can be shown in the reader's language. */
const KNOWN_MESSAGES = {
  required: 'missions.validation.required',
  'choose the correct answer': 'missions.validation.correct-answer',
  'the correct answer must be one of the options': 'missions.validation.correct-answer',
  'at least two options': 'missions.validation.min-options',
  'at most six options': 'missions.validation.max-options',
  'option ids must differ': 'missions.validation.duplicate-options',
  'a choice field needs at least two choices': 'missions.validation.min-choices',
} as const;

function translateServerMessage(t: TFunction, message: string): string {
  const key = (KNOWN_MESSAGES as Record<string, (typeof KNOWN_MESSAGES)[keyof typeof KNOWN_MESSAGES]>)[message];
  return key ? t(key) : message;
}

/**
 * A 400's field errors keyed by path ("title", "data.correctOptionId"), first message
 * per path, for showing under the matching inputs.
 */
export function serverFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 400) return {};
  const result: Record<string, string> = {};
  for (const field of error.fields) {
    result[field.path] ??= translateServerMessage(t, field.message);
  }
  return result;
}

/** Field errors whose path is not shown by any input, so they are not lost. */
export function unplacedErrors(errors: Record<string, string>, placed: (path: string) => boolean): string[] {
  return Object.entries(errors)
    .filter(([path]) => !placed(path))
    .map(([, message]) => message);
}
