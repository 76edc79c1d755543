import { Alert, Anchor, Grid, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { ZId, itemKindFor, type TMediaResult, type TMission, type TMissionItem, missingParts, type TMissingPart } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { MediaUpload } from '../../../components/media-upload/media-upload';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate } from '../../../lib/format';
import { useSession } from '../../../app/session';
import { useMission, useMissionItems, useUpdateMission } from '../api/missions-api';
import { MissionStatusBadge, MissionTypeBadge, readableText } from './mission-badges';
import { MissionDetailsForm } from './mission-details-form';
import { MissionItemsSection, MissionItemsSkeleton } from './mission-items-section';
import { MISSION_LIBRARY_PATH } from './mission-paths';
import { missionTitle } from './mission-table';
import { notify } from '../../../lib/notify';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={MISSION_LIBRARY_PATH} size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('missions.editor.back')}
      </Group>
    </Anchor>
  );
}

function MissingMessage({ part }: { part: TMissingPart }) {
  const { t } = useTranslation();
  if (part.key === 'title') return <>{t('missions.completeness.title')}</>;
  if (part.key === 'no-items') return <>{t(`missions.completeness.no-items-${part.kind}`)}</>;
  return <>{t('missions.completeness.questions-without-answer', { count: part.count })}</>;
}

/** Why the mission is (not) ready, in terms of what to add. */
function Completeness({ mission, items }: { mission: TMission; items: TMissionItem[] | undefined }) {
  const { t } = useTranslation();
  if (mission.status === 'pending_launch') {
    return (
      <Alert
        color="blue"
        variant="light"
        styles={{ title: { color: readableText('blue') } }}
        icon={<IconLock aria-hidden />}
        title={t('missions.completeness.in-use-title')}
      >
        {t('missions.completeness.in-use')}
      </Alert>
    );
  }
  if (mission.isCompleteFill) {
    return (
      <Alert
        color="teal"
        variant="light"
        styles={{ title: { color: readableText('teal') } }}
        icon={<IconCircleCheck aria-hidden />}
        title={t('missions.completeness.ready-title')}
      >
        {t('missions.completeness.ready')}
      </Alert>
    );
  }
  const parts = items ? missingParts({ ...mission, items }) : [];
  return (
    <Alert
      color="orange"
      variant="light"
      styles={{ title: { color: readableText('orange') } }}
      icon={<IconAlertTriangle aria-hidden />}
      title={t('missions.completeness.incomplete-title')}
    >
      {parts.length === 0 ? (
        t('missions.completeness.incomplete')
      ) : (
        <List size="sm" spacing={2}>
          {parts.map((part) => (
            <List.Item key={part.key}>
              <MissingMessage part={part} />
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

function MediaCard({ mission, canEdit }: { mission: TMission; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateMission(mission.id);

  function change(media: TMediaResult | null) {
    update.mutate(
      { media },
      {
        onSuccess: () =>
          notify({
            color: 'teal',
            message: t(media ? 'missions.editor.media-saved' : 'missions.editor.media-removed'),
          }),
        onError: (error) =>
          notify({ color: 'red', title: t('missions.editor.media-failed'), message: errorMessage(t, error) }),
      },
    );
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={t('missions.editor.media-section')}>
      <MediaUpload
        label={t('missions.editor.media-label')}
        description={t('missions.editor.media-description')}
        value={update.isPending ? (update.variables.media ?? null) : mission.media}
        onChange={change}
        accept="both"
        disabled={!canEdit}
      />
    </Paper>
  );
}

function EditorSkeleton() {
  return (
    <Stack gap="lg" aria-busy>
      <Skeleton height={32} width="40%" />
      <Skeleton height={56} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton height={280} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={200} radius="lg" />
        </Grid.Col>
      </Grid>
      <MissionItemsSkeleton />
    </Stack>
  );
}

function MissionEditor({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const canEdit = me.permissions.includes('mission:update');
  const mission = useMission(id);
  const items = useMissionItems(id);

  if (mission.isPending) return <EditorSkeleton />;
  if (mission.isError) {
    if (isApiError(mission.error) && mission.error.status === 404)
      return <Navigate to={MISSION_LIBRARY_PATH} replace />;
    return <ErrorState error={mission.error} onRetry={() => void mission.refetch()} />;
  }
  const data = mission.data;
  const kind = itemKindFor(data.type, data.subtype);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} fz="h2">
              {missionTitle(data, t('missions.untitled'))}
            </Title>
            <MissionStatusBadge status={data.status} />
            <MissionTypeBadge type={data.type} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('missions.editor.updated', { date: formatListDate(data.updatedAt, i18n.language) })}
          </Text>
        </div>
      </Group>

      <Completeness mission={data} items={items.data} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="mission-details-heading">
            <Title order={2} fz="h4" mb="md" id="mission-details-heading">
              {t('missions.editor.details')}
            </Title>
            <MissionDetailsForm mission={data} items={items.data ?? []} canEdit={canEdit} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <MediaCard mission={data} canEdit={canEdit} />
        </Grid.Col>
      </Grid>

      {items.isError && !items.data ? (
        <ErrorState error={items.error} onRetry={() => void items.refetch()} />
      ) : (
        <MissionItemsSection
          missionId={id}
          kind={kind}
          items={items.data}
          loading={items.isPending}
          canEdit={canEdit}
        />
      )}
    </Stack>
  );
}

export function MissionEditorPage() {
  const params = useParams();
  const id = ZId.safeParse(params['missionId']);
  if (!id.success) return <Navigate to={MISSION_LIBRARY_PATH} replace />;
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <BackLink />
      {/* Keyed so moving between missions starts from a clean form. */}
      <MissionEditor key={id.data} id={id.data} />
    </Stack>
  );
}

export default MissionEditorPage;
