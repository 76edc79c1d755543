import { i18n } from '../i18n/i18n';
import { openConfirm } from './confirm-dialog';

/**
 * Closing a wizard: with unsaved changes it first asks whether to throw them away; without, it
 * closes at once.
 */
export function closeOrConfirmDiscard(dirty: boolean, close: () => void): void {
  if (!dirty) {
    close();
    return;
  }
  void openConfirm({
    title: i18n.t('discard.title'),
    body: i18n.t('discard.body'),
    confirmLabel: i18n.t('discard.confirm'),
    cancelLabel: i18n.t('discard.keep'),
    danger: true,
  }).then((confirmed) => {
    if (confirmed) close();
  });
}
