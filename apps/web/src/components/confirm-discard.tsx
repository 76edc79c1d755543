import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../i18n/i18n';

/**
 * Closing a wizard: with unsaved changes it first asks whether to throw them away; without, it
 * closes at once.
 */
export function closeOrConfirmDiscard(dirty: boolean, close: () => void): void {
  if (!dirty) {
    close();
    return;
  }
  modals.openConfirmModal({
    title: i18n.t('discard.title'),
    centered: true,
    children: <Text size="sm">{i18n.t('discard.body')}</Text>,
    labels: { confirm: i18n.t('discard.confirm'), cancel: i18n.t('discard.keep') },
    confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    onConfirm: close,
  });
}
