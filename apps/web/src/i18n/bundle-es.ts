// Every string of one language, each feature's under its own top-level key. Keep the three bundle-*.ts files in step.
import common from './locales/es.json';
import builder from '../features/builder/locales/es.json';
import missions from '../features/missions/locales/es.json';
import rewards from '../features/rewards/locales/es.json';
import launch from '../features/launch/locales/es.json';
import table from '../components/paged-table/locales/es.json';
import reach from '../features/reach/locales/es.json';
import stores from '../features/stores/locales/es.json';
import staff from '../features/staff/locales/es.json';
import report from '../features/report/locales/es.json';
import exportsT from '../features/exports/locales/es.json';
import payment from '../components/payment-form/locales/es.json';
import billing from '../features/billing/locales/es.json';
import payouts from '../features/payouts/locales/es.json';
import smartReview from '../features/smart-review/locales/es.json';
import share from '../components/campaign-share/locales/es.json';
import campaigns from '../features/campaigns/locales/es.json';
import partners from '../features/partners/locales/es.json';
import access from '../features/auth/locales/es.json';
import account from '../features/account/locales/es.json';
import security from '../features/security/locales/es.json';

import onboarding from '../features/onboarding/locales/es.json';
import team from '../features/team/locales/es.json';
import activity from '../features/activity/locales/es.json';
import operator from '../features/operator/locales/es.json';
import apiKeys from '../features/api-keys/locales/es.json';
export default { ...common, ...builder, ...missions, ...rewards, ...launch, ...table, ...reach, ...stores, ...staff, ...report, ...exportsT, ...payment, ...billing, ...payouts, ...smartReview, ...share, ...campaigns, ...partners, ...access, ...account, ...security, ...onboarding, ...team, ...activity, ...operator, ...apiKeys };
