import 'i18next';
import type en from './locales/en.json';
import type builder from '../features/builder/locales/en.json';
import type missions from '../features/missions/locales/en.json';
import type rewards from '../features/rewards/locales/en.json';
import type launch from '../features/launch/locales/en.json';
import type table from '../components/paged-table/locales/en.json';
import type reach from '../features/reach/locales/en.json';
import type stores from '../features/stores/locales/en.json';
import type report from '../features/report/locales/en.json';
import type exportsT from '../features/exports/locales/en.json';
import type payment from '../components/payment-form/locales/en.json';
import type billing from '../features/billing/locales/en.json';
import type payouts from '../features/payouts/locales/en.json';
import type smartReview from '../features/smart-review/locales/en.json';
import type share from '../components/campaign-share/locales/en.json';
import type campaigns from '../features/campaigns/locales/en.json';
import type partners from '../features/partners/locales/en.json';
import type access from '../features/auth/locales/en.json';
import type account from '../features/account/locales/en.json';
import type security from '../features/security/locales/en.json';
import type onboarding from '../features/onboarding/locales/en.json';
import type team from '../features/team/locales/en.json';
import type activity from '../features/activity/locales/en.json';
import type operator from '../features/operator/locales/en.json';
import type apiKeys from '../features/api-keys/locales/en.json';
import type webhooks from '../features/webhooks/locales/en.json';
import type staff from '../features/staff/locales/en.json';
import type sales from '../features/sales/locales/en.json';

// Typed keys: a missing or misspelt key fails type-checking instead of showing raw keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof builder & typeof missions & typeof rewards & typeof launch & typeof table & typeof reach & typeof stores & typeof report & typeof exportsT & typeof payment & typeof billing & typeof payouts & typeof smartReview & typeof share & typeof campaigns & typeof partners & typeof access & typeof account & typeof security & typeof onboarding & typeof team & typeof activity & typeof operator & typeof apiKeys & typeof webhooks & typeof staff & typeof sales };
    returnNull: false;
  }
}
