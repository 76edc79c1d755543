import type { TFunction } from 'i18next';
import { ACCOUNT_FIELD_MESSAGES, type TAccountFieldMessage } from '@rally/domain';

const KEY_BY_MESSAGE = new Map<string, TAccountFieldMessage>(
  (Object.entries(ACCOUNT_FIELD_MESSAGES) as [TAccountFieldMessage, string][]).map(([key, message]) => [message, key]),
);

/**
 * A field message of the domain's account schemas (or the server's, which uses the same constants) in the reader's
 * language; any other message is shown as written (it comes from the server and names what to fix).
 */
export function fieldErrorText(t: TFunction, message: string): string {
  const key = KEY_BY_MESSAGE.get(message);
  if (key) return t(`access.field.${key}`);
  return message;
}
