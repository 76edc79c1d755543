// The auth feature's public file: what other features may use.
export { RequireAuth } from './components/require-auth';
export { signIn, signOut, useMe } from './api/auth-api';
