// The auth module's public file: what other modules may use.
export { requirePermission, resolveActor, resolveUser, headersOf, type RequestActor, type RequestUser } from './request-context.js';
export { hashPassword, verifyPassword, verifyNoPassword, SESSION_POLICY, type Auth } from './auth.js';
export { cookieValue } from './session-lookup.js';
export { clearSignInAttempts, deviceThrottleKey, signInThrottleKey, takeSignInAttempt, takeThrottledAttempt, throttleKey, type SignInScope } from './sign-in-throttle.js';
export { deleteThrottle, type ThrottlePolicy } from './sign-in-throttle.repository.js';
export { createKnownDevices, type KnownDevices } from './known-device.js';
