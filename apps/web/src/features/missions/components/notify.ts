import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/** A toast whose close button has an accessible, translated name. */
export function notify(t: TFunction, options: { color: 'teal' | 'red'; message: string; title?: string }): void {
  notifications.show({ ...options, closeButtonProps: { 'aria-label': t('common.close') } });
}
