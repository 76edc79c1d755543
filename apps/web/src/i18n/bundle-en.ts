// Every string of one language, each feature's under its own top-level key. Keep the three bundle-*.ts files in step.
import common from './locales/en.json';
import builder from '../features/builder/locales/en.json';
import missions from '../features/missions/locales/en.json';
import rewards from '../features/rewards/locales/en.json';
import launch from '../features/launch/locales/en.json';
import table from '../components/paged-table/locales/en.json';
import reach from '../features/reach/locales/en.json';
import stores from '../features/stores/locales/en.json';
import report from '../features/report/locales/en.json';
import exportsT from '../features/exports/locales/en.json';
import payment from '../components/payment-form/locales/en.json';
import billing from '../features/billing/locales/en.json';
import smartReview from '../features/smart-review/locales/en.json';
import share from '../components/campaign-share/locales/en.json';

export default { ...common, ...builder, ...missions, ...rewards, ...launch, ...table, ...reach, ...stores, ...report, ...exportsT, ...payment, ...billing, ...smartReview, ...share };
