import { useSearchParams } from 'react-router';

/**
 * A list's status tab, kept in the URL (`?status=`) so a tab can be linked to and survives a
 * reload; 'all' is the absence of the parameter.
 */
export function useStatusParam<S extends string>(statuses: readonly S[]): [S | null, (tab: 'all' | S) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get('status');
  const status = statuses.find((candidate) => candidate === value) ?? null;

  function changeTab(tab: 'all' | S) {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (tab === 'all') next.delete('status');
        else next.set('status', tab);
        // A page number belongs to the tab it was chosen in.
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  return [status, changeTab];
}
