import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n';

/** A toast whose close button has a translated name (Mantine's has none by default). */
export function notify(input: { color: 'teal' | 'red'; message: ReactNode; title?: ReactNode }): void {
  notifications.show({ ...input, closeButtonProps: { 'aria-label': i18n.t('common.close') } });
}
