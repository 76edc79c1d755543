// Every feature's English strings, each under its own top-level key; keep in step with bundle-es.ts/bundle-fr.ts.
// English's common strings (sign-in, shell, errors) ship in the entry (i18n.ts); these load with the dashboard shell
// (loadDashboardStrings), so the first page load does not carry every screen's text.
import builder from '../features/builder/locales/en.json';
import missions from '../features/missions/locales/en.json';
import rewards from '../features/rewards/locales/en.json';
import launch from '../features/launch/locales/en.json';
import table from '../components/paged-table/locales/en.json';
import reach from '../features/reach/locales/en.json';
import stores from '../features/stores/locales/en.json';
import staff from '../features/staff/locales/en.json';
import report from '../features/report/locales/en.json';
import exportsT from '../features/exports/locales/en.json';
import payment from '../components/payment-form/locales/en.json';
import billing from '../features/billing/locales/en.json';
import payouts from '../features/payouts/locales/en.json';
import smartReview from '../features/smart-review/locales/en.json';
import share from '../components/campaign-share/locales/en.json';
import campaigns from '../features/campaigns/locales/en.json';
import partners from '../features/partners/locales/en.json';
import account from '../features/account/locales/en.json';

import onboarding from '../features/onboarding/locales/en.json';
import team from '../features/team/locales/en.json';
import activity from '../features/activity/locales/en.json';
import operator from '../features/operator/locales/en.json';
import apiKeys from '../features/api-keys/locales/en.json';
import webhooks from '../features/webhooks/locales/en.json';
import sales from '../features/sales/locales/en.json';
export default { ...builder, ...missions, ...rewards, ...launch, ...table, ...reach, ...stores, ...staff, ...report, ...exportsT, ...payment, ...billing, ...payouts, ...smartReview, ...share, ...campaigns, ...partners, ...account, ...onboarding, ...team, ...activity, ...operator, ...apiKeys, ...webhooks, ...sales };
