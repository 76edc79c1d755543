import { Anchor, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import { ZId, isEditableStatus } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useCachedCampaign } from '../api/campaigns-api';
import { formatPercent } from '../../../lib/format';
import { CampaignStatusBadge, CampaignTypeBadge } from './campaign-badges';

/**
 * Stand-in for the campaign builder (a later issue). It shows what is already known
 * about the campaign from the list or create/duplicate responses, without any request.
 */
function BuilderPlaceholder({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const campaign = useCachedCampaign(id);

  // Spec §2: the builder is only for draft, scheduled or rejected campaigns.
  if (campaign && !isEditableStatus(campaign.status)) return <Navigate to="/campaign" replace />;

  const backTo = campaign ? `/campaign?status=${campaign.status}` : '/campaign';
  const title = !campaign
    ? t('campaign.builder.unknown', { id })
    : campaign.name.trim() === ''
      ? t('campaign.list.untitled')
      : campaign.name;

  return (
    <Stack gap="lg" maw={1000} mx="auto">
      <Anchor component={Link} to={backTo} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('campaign.builder.back')}
        </Group>
      </Anchor>
      <Group gap="sm" align="center">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {campaign && <CampaignStatusBadge status={campaign.status} />}
        {campaign && <CampaignTypeBadge campaign={campaign} />}
      </Group>
      <Paper withBorder radius="lg" p="xl">
        <EmptyState
          variant="light"
          icon={<IconTools aria-hidden />}
          title={t('campaign.builder.coming-title')}
          description={t('campaign.builder.coming')}
        />
        {campaign && (
          <Text ta="center" size="sm" c="dimmed" mt="md">
            {t('campaign.builder.progress', { progress: formatPercent(campaign.completionProgress, i18n.language) })}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

export function CampaignBuilderPage() {
  const params = useParams();
  const id = ZId.safeParse(params['id']);
  if (!id.success) return <Navigate to="/campaign" replace />;
  // Keyed so moving between campaigns starts from a clean state.
  return <BuilderPlaceholder key={id.data} id={id.data} />;
}

export default CampaignBuilderPage;
