import { useState } from 'react';
import { Anchor, Button, EmptyState, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChartBar, IconPlayerStop } from '@tabler/icons-react';
import { ZId } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EndCampaignDialog } from '../../../components/end-campaign/end-campaign-dialog';
import { ErrorState } from '../../../components/error-state';
import { NotFoundPage } from '../../../components/not-found-page';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../app/session';
import { CampaignStatusBadge, CampaignTypeBadge } from '../../../components/campaign-badges';
import { useCampaignReport } from '../api/report-api';
import { EndingCard } from './ending-card';
import { DailySection, MissionsTable, RewardsTable, TotalsTiles } from './report-figures';
import { ReachCard, ScheduleCard } from './report-overview';
import { ReportTabs } from './report-tabs';
import { AfterLaunch } from './after-launch';
import { ExportButton } from '../../exports';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/campaign" size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('report.back')}
      </Group>
    </Anchor>
  );
}

function ReportSkeleton() {
  return (
    <Stack gap="lg" aria-busy>
      <Skeleton height={36} width="40%" />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={200} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton height={200} radius="lg" />
        </Grid.Col>
      </Grid>
      <Skeleton height={90} radius="md" />
      <Skeleton height={300} radius="lg" />
    </Stack>
  );
}

function Report({ id }: { id: number }) {
  const { t } = useTranslation();
  const report = useCampaignReport(id);
  const me = useSession();
  const [ending, setEnding] = useState(false);

  if (report.isPending) return <ReportSkeleton />;
  if (report.isError) {
    if (isApiError(report.error) && report.error.status === 404) return <NotFoundPage />;
    return <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
  }
  const data = report.data;
  const { campaign } = data;
  const untitled = campaign.name.trim() === '';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} fz="h2" fs={untitled ? 'italic' : undefined}>
              {untitled ? t('campaign.list.untitled') : campaign.name}
            </Title>
            <Group gap="sm">
              <CampaignStatusBadge status={campaign.status} />
              <CampaignTypeBadge campaign={campaign} />
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            {t('report.title')}
          </Text>
        </div>
        <Group gap="sm">
          <ExportButton kind="completions" filters={{ campaignId: campaign.id }} timeZone={campaign.timeZone} />
          <ExportButton kind="codes" filters={{ campaignId: campaign.id }} timeZone={campaign.timeZone} />
        {campaign.status === 'active' && me.permissions.includes('campaign:launch') && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            onClick={() => setEnding(true)}
          >
            {t('end-campaign.action')}
          </Button>
        )}
        </Group>
      </Group>
      <EndCampaignDialog campaign={ending ? campaign : null} onClose={() => setEnding(false)} />
      <AfterLaunch campaign={campaign} />
      {data.ending && <EndingCard ending={data.ending} timeZone={campaign.timeZone} />}

      <ReportTabs campaign={campaign} canAssign={me.permissions.includes('reward:update')}>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ScheduleCard campaign={campaign} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ReachCard campaign={campaign} />
        </Grid.Col>
      </Grid>

      <TotalsTiles totals={data.totals} />

      {data.totals.completions === 0 ? (
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconChartBar aria-hidden />}
          title={t('report.empty.title')}
          description={t('report.empty.description')}
        />
      ) : (
        <>
          <DailySection days={data.daily} />
          <Grid>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <MissionsTable report={data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <RewardsTable report={data} />
            </Grid.Col>
          </Grid>
        </>
      )}
      </ReportTabs>
    </Stack>
  );
}

export function ReportPage() {
  const params = useParams();
  const id = ZId.safeParse(params['id']);
  return (
    <Stack gap="md" maw={1400} mx="auto">
      <BackLink />
      {id.success ? <Report id={id.data} /> : <NotFoundPage />}
    </Stack>
  );
}

export default ReportPage;
