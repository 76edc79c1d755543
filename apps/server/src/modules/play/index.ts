// The play module's public file: what other modules may use.
export { contestMissionOf, uploadBelongsTo, useSignInCode } from './play.repository.js';
export { createPlaySession, loadParticipant, resolvePlayActor, setPlayCookie, type PlayActor } from './play-session.js';
export { checkCode as checkSignInCode, issueSignInCode } from './sign-in.js';
export { campaignReachingMe } from './play-campaigns.js';
export type { PlayMailer } from './play-mailer.js';
