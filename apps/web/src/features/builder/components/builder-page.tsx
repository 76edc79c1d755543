import { Suspense, lazy, useState } from 'react';
import { Center, Grid, Loader, Stack } from '@mantine/core';
import { ZId, isEditableStatus, type TFormData } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import NotFoundPage from '../../../components/not-found-page';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../app/session';
import { useFormData } from '../api/builder-api';
import { usePartnerView } from '../api/partners-api';
import { loadLaunchModal } from '../../launch';
import { useBuilderAccess, type TBuilderRouteMode } from '../lib/builder-access';
import { useBuilderWrites } from '../lib/use-builder-writes';
import { useProgressAutosave } from '../lib/use-progress-autosave';
import { BuilderFooter } from './builder-footer';
import { BuilderHeader } from './builder-header';
import { BuilderWarnings } from './builder-warnings';
import { InviteAnswerPanel } from './invite-answer-panel';
import { MissionsSection } from './missions-section';
import { OwnerCard } from './partners';
import { PartnersSection } from './partners-section';
import { RewardsSection } from './rewards-section';
import { SetupSection } from './setup-section';
import { SideColumn } from './side-column';
import { StaleDialog } from './stale-dialog';

// The launch modal (steps, date pickers, reach tables, map) loads only when opened.
const LaunchModal = lazy(loadLaunchModal);

interface BuilderContentProps {
  id: number;
  formData: TFormData;
  routeMode: TBuilderRouteMode;
}

function BuilderContent({ id, formData, routeMode }: BuilderContentProps) {
  const me = useSession();
  const writes = useBuilderWrites(id, formData);
  const access = useBuilderAccess(formData, routeMode);
  const { readOnly, isOwner } = access;
  const { campaign } = formData;
  // The launch modal: null closed; 'launch' from Continue, 'reschedule' from Edit schedule.
  const [launch, setLaunch] = useState<'launch' | 'reschedule' | null>(null);
  // The invited brand's side of a shared campaign: invite status, budget, Accept / Reject.
  const partnerView = usePartnerView(id, formData.mode === 'view' && campaign.sharedCampaign);
  useProgressAutosave(formData, readOnly, writes);

  return (
    <Stack gap="lg" maw={1240} mx="auto" pb="xl">
      <BuilderHeader formData={formData} access={access} />
      <BuilderWarnings formData={formData} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {formData.mode === 'view' && !me.brand.isRetailer && <OwnerCard owner={formData.owner} />}
            {formData.mode === 'view' && partnerView.data && (
              <InviteAnswerPanel campaignId={id} view={partnerView.data} />
            )}
            {!readOnly && <SetupSection formData={formData} caps={access.caps} writes={writes} />}
            <MissionsSection formData={formData} access={access} writes={writes} />
            <RewardsSection formData={formData} access={access} writes={writes} partnerView={partnerView.data} />
            {campaign.sharedCampaign && isOwner && me.brand.isRetailer && (
              <PartnersSection formData={formData} readOnly={readOnly} />
            )}
            <BuilderFooter
              formData={formData}
              readOnly={readOnly}
              writes={writes}
              onLaunch={() => setLaunch('launch')}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SideColumn
            formData={formData}
            autosave={writes.state}
            showAutosave={!readOnly}
            onEditSchedule={readOnly ? undefined : () => setLaunch('reschedule')}
          />
        </Grid.Col>
      </Grid>

      {launch && (
        <Suspense fallback={null}>
          <LaunchModal formData={formData} mode={launch} onClose={() => setLaunch(null)} />
        </Suspense>
      )}
      <StaleDialog writes={writes} />
    </Stack>
  );
}

function BuilderLoader({ id, routeMode }: { id: number; routeMode: TBuilderRouteMode }) {
  const { t } = useTranslation();
  const formData = useFormData(id);
  if (formData.isPending) {
    return (
      <Center h={320} role="status" aria-label={t('app.loading')}>
        <Loader />
      </Center>
    );
  }
  if (formData.isError) {
    if (isApiError(formData.error) && formData.error.status === 404) return <NotFoundPage />;
    return <ErrorState error={formData.error} onRetry={() => void formData.refetch()} />;
  }
  const data = formData.data;
  if (routeMode === 'builder') {
    // An invited partner brand sees the campaign-view; the builder is for the owner, only while editable (product rule R3).
    if (data.mode === 'view') return <Navigate to={`/campaign-view/${id}`} replace />;
    if (!isEditableStatus(data.campaign.status)) return <Navigate to="/campaign" replace />;
  }
  return <BuilderContent id={id} formData={data} routeMode={routeMode} />;
}

/** /campaign/:id (builder) and /campaign-view/:id (read-only or partner view). */
export function BuilderPage({ mode }: { mode: TBuilderRouteMode }) {
  const params = useParams();
  const id = ZId.safeParse(params['id']);
  if (!id.success) return <Navigate to="/campaign" replace />;
  // Keyed so moving between campaigns starts from a clean state.
  return <BuilderLoader key={`${mode}-${id.data}`} id={id.data} routeMode={mode} />;
}

export function CampaignBuilderRoute() {
  return <BuilderPage mode="builder" />;
}

export function CampaignViewRoute() {
  return <BuilderPage mode="view" />;
}

export default BuilderPage;
