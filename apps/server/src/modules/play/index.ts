// The play module's public file: what other modules may use.
export { contestMissionOf } from './play.repository.js';
export { createPlaySession, resolvePlayActor } from './play-session.js';
