// The launch feature's public file: what other features may use.

/** The launch modal is heavy and opened rarely, so it loads as its own chunk. */
export const loadLaunchModal = () => import('./components/launch-modal');
