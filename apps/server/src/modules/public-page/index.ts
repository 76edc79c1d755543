export { publicPageRoutes, type PublicPageRoutesOptions } from './public-page.routes.js';
export { queueRewardCodeMail } from './reward-code-mail.js';
export { languageFrom, PUBLIC_MESSAGES, fill } from './public-page-messages.js';
export { renderMessagePage } from './render-public-page.js';
