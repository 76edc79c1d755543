// Moved to app/session.tsx (every feature reads the session); this re-export serves files not yet updated.
export { SessionProvider, useSession } from '../../../app/session';
