import { Suspense, lazy } from 'react';
import { Center, Loader } from '@mantine/core';
import { reachKind, type TCampaignType, type TReach, type TScopeType, type TSelectedCountry } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { loadCountryReachStep, loadStoreReachStep } from '../../reach';

// The store tables and the world map are heavy and only needed on this step.
const StoreReachStep = lazy(loadStoreReachStep);
const CountryReachStep = lazy(loadCountryReachStep);

interface ReachStepProps {
  campaignType: TCampaignType;
  scope: TScopeType;
  pks: number[];
  onStoresChange: (next: { scope: TScopeType; pks: number[] }) => void;
  countries: TSelectedCountry[];
  onCountriesChange: (next: TSelectedCountry[]) => void;
  onReachChange: (reach: TReach) => void;
  error: string | null;
}

/** Reach (product rule R13): countries on a map for consumer campaigns, stores or groups otherwise. */
export function ReachStep(props: ReachStepProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center h={240} role="status" aria-label={t('app.loading')}>
          <Loader />
        </Center>
      }
    >
      {reachKind(props.campaignType) === 'countries' ? (
        <CountryReachStep
          value={props.countries}
          onChange={props.onCountriesChange}
          onReachChange={props.onReachChange}
          error={props.error}
        />
      ) : (
        <StoreReachStep
          value={{ scope: props.scope, pks: props.pks }}
          onChange={props.onStoresChange}
          onReachChange={props.onReachChange}
          error={props.error}
        />
      )}
    </Suspense>
  );
}
