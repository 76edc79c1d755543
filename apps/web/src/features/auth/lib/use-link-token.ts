import { useState } from 'react';

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

/** The token a mailed link carries after #token= (never in the query, so never sent to a server or a Referer). */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}
