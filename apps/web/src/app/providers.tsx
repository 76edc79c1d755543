import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as TI18n } from 'i18next';
import { cssVariablesResolver, theme } from './theme';

interface ProvidersProps {
  queryClient: QueryClient;
  i18n: TI18n;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals so jsdom tests see content at once. */
  env?: 'default' | 'test';
}

/** Mantine's own labels (confirm buttons, date pickers) follow the chosen language. */
function LocalizedMantine({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language }}>
      <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>{children}</ModalsProvider>
    </DatesProvider>
  );
}

export function Providers({ queryClient, i18n, children, env = 'default' }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
        <QueryClientProvider client={queryClient}>
          <Notifications position="top-right" />
          <LocalizedMantine>{children}</LocalizedMantine>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
