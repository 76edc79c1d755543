import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { Providers } from '../app/providers';
import { i18n } from '../i18n/i18n';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders a plain element inside the app's providers (Mantine in test mode: no transitions, no portals). */
export function renderWithProviders(ui: ReactElement, queryClient = createTestQueryClient()) {
  return {
    queryClient,
    ...render(
      <Providers queryClient={queryClient} i18n={i18n} env="test">
        {ui}
      </Providers>,
    ),
  };
}

/** Renders routes in a memory router so URL-driven behaviour (?status=) can be observed. */
export function renderRoutes(routes: RouteObject[], initialEntry: string, queryClient = createTestQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const result = renderWithProviders(<RouterProvider router={router} />, queryClient);
  return { ...result, router };
}
