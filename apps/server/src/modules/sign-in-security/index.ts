// The sign-in security module's public file: two-factor, single sign-on and the brand's requirements (issue 28).
export { signInSecurityRoutes, type SignInSecurityRoutesOptions } from './sign-in-security.routes.js';
