import { useState } from 'react';
import { tokenFromHash } from './field-error-text';

/**
 * The token of the mailed link this page was opened with (#token=…), read once; the address bar then loses it, so
 * it is neither kept in the history nor shown over a shoulder.
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => {
    const found = tokenFromHash(window.location.hash);
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return found;
  });
  return token;
}
