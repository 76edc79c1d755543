import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../i18n/i18n';

let markMounted: () => void = () => {};
// The modals manager (app/overlays.tsx) mounts lazily just after the first screen; a dialog asked for before that
// (a click in the first moments) waits for it instead of being dropped.
const dialogsMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by app/overlays.tsx once Mantine's modals manager is mounted and listening. */
export function markDialogsMounted(): void {
  markMounted();
}

export interface ConfirmOptions {
  /** The dialog's title, which is also its accessible name. */
  title: string;
  /** A string becomes one small paragraph; pass a node for richer content (e.g. a field). */
  body: ReactNode;
  /** The confirm button's label (a verb naming what happens: "Delete", "Reject"). */
  confirmLabel: string;
  /** Defaults to the translated "Cancel". */
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

/**
 * The one confirmation dialog of the dashboard: asks, and resolves true when the user confirms, false when they
 * cancel, press Escape, click outside or use the close button. Every confirmation looks and reads the same —
 * centred, a translated Cancel, a labelled close button, a red confirm button for destructive actions — so a
 * screen states only its texts:
 *
 *   if (await openConfirm({ title, body, confirmLabel, danger: true })) remove();
 *
 * A plain function rather than a hook: the Mantine modals manager renders the dialog outside the caller's tree,
 * and the labels come from the app's one i18next instance, so it works from event handlers and non-React helpers
 * (closeOrConfirmDiscard) alike. Content that must outlive the caller's renders (a reason typed into the body)
 * is kept by the caller in a ref.
 */
export function openConfirm({
  title,
  body,
  confirmLabel,
  cancelLabel,
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return dialogsMounted.then(
    () =>
      new Promise<boolean>((resolve) => {
        modals.openConfirmModal({
          title,
          centered: true,
          children: typeof body === 'string' ? <Text size="sm">{body}</Text> : body,
          labels: { confirm: confirmLabel, cancel: cancelLabel ?? i18n.t('common.cancel') },
          confirmProps: danger ? { color: 'red' } : {},
          closeButtonProps: { 'aria-label': i18n.t('common.close') },
          onConfirm: () => resolve(true),
          // Runs on every way of closing, including after a confirm: the promise has settled by then.
          onClose: () => resolve(false),
        });
      }),
  );
}
