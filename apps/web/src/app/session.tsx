import { createContext, useContext } from 'react';
import type { TMe } from '@rally/domain';

const SessionContext = createContext<TMe | null>(null);

export const SessionProvider = SessionContext.Provider;

/** The signed-in user and brand; only usable below the auth guard, which guarantees one. */
export function useSession(): TMe {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the authenticated part of the app');
  return session;
}

/** The current brand's currency (ISO 4217) for formatting amounts; USD outside the signed-in part of the app. */
export function useBrandCurrency(): string {
  return useContext(SessionContext)?.brand.currency ?? 'USD';
}
