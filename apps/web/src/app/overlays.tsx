import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { markDialogsMounted } from '../components/confirm-dialog';

/**
 * Where toasts and dialogs render. Its own chunk, loaded right after the first paint: a modal pulls Mantine's
 * Modal, ScrollArea, focus trap, scroll lock and floating-ui, none of which the first screen needs. Nothing is
 * lost meanwhile: `notifications.show` queues in a store that <Notifications> renders once mounted, and the app
 * opens dialogs only through openConfirm (components/confirm-dialog.tsx), which waits for this mount, never
 * through `useModals`.
 */
export default function Overlays() {
  const { t } = useTranslation();
  // Effects run child first: by now ModalsProvider listens for the `modals` events.
  useEffect(markDialogsMounted, []);
  return (
    <>
      <Notifications position="top-right" />
      {/* Mantine's own labels (confirm buttons) follow the chosen language. */}
      <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }} />
    </>
  );
}
