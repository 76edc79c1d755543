import { Suspense, lazy, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as TI18n } from 'i18next';
import { cssVariablesResolver, theme } from './theme';

const Overlays = lazy(() => import('./overlays'));

interface ProvidersProps {
  queryClient: QueryClient;
  i18n: TI18n;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals so jsdom tests see content at once. */
  env?: 'default' | 'test';
}

/** Mantine's own labels (date pickers, and in Overlays the confirm buttons) follow the chosen language. */
function LocalizedMantine({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language }}>
      {/* Toasts and dialogs load beside the first screen (app/overlays.tsx says why); until then nothing to show. */}
      <Suspense fallback={null}>
        <Overlays />
      </Suspense>
      {children}
    </DatesProvider>
  );
}

export function Providers({ queryClient, i18n, children, env = 'default' }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
        <QueryClientProvider client={queryClient}>
          <LocalizedMantine>{children}</LocalizedMantine>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
