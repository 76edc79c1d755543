// Every string of one language, each feature's under its own top-level key. Keep the three bundle-*.ts files in step.
import common from './locales/fr.json';
import builder from '../features/builder/locales/fr.json';
import missions from '../features/missions/locales/fr.json';
import rewards from '../features/rewards/locales/fr.json';
import launch from '../features/launch/locales/fr.json';
import table from '../components/paged-table/locales/fr.json';
import reach from '../features/reach/locales/fr.json';
import stores from '../features/stores/locales/fr.json';
import staff from '../features/staff/locales/fr.json';
import report from '../features/report/locales/fr.json';
import exportsT from '../features/exports/locales/fr.json';
import payment from '../components/payment-form/locales/fr.json';
import billing from '../features/billing/locales/fr.json';
import payouts from '../features/payouts/locales/fr.json';
import smartReview from '../features/smart-review/locales/fr.json';
import share from '../components/campaign-share/locales/fr.json';
import campaigns from '../features/campaigns/locales/fr.json';
import partners from '../features/partners/locales/fr.json';
import access from '../features/auth/locales/fr.json';
import account from '../features/account/locales/fr.json';
import security from '../features/security/locales/fr.json';

import onboarding from '../features/onboarding/locales/fr.json';
import team from '../features/team/locales/fr.json';
import activity from '../features/activity/locales/fr.json';
import operator from '../features/operator/locales/fr.json';
import apiKeys from '../features/api-keys/locales/fr.json';
export default { ...common, ...builder, ...missions, ...rewards, ...launch, ...table, ...reach, ...stores, ...staff, ...report, ...exportsT, ...payment, ...billing, ...payouts, ...smartReview, ...share, ...campaigns, ...partners, ...access, ...account, ...security, ...onboarding, ...team, ...activity, ...operator, ...apiKeys };
