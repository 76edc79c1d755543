import type { ReactNode } from 'react';
import {
  Button,
  Divider,
  Group,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { TFormData } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent, formatScheduleDate } from '../../../lib/format';
import type { TAutosaveState } from '../lib/use-builder-writes';
import { AutosaveIndicator } from './autosave-indicator';
import { ReasonTooltip } from './reason-tooltip';
import { SmartReviewPanel } from '../../smart-review';
import { EmbedPanel, PublicNamesSetting } from '../../../components/campaign-share';
import { MoneyCard } from './money-card';

function Card({ title, children, headingId }: { title: string; children: ReactNode; headingId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="sm" fw={650} tt="uppercase" c="gray.7" mb="sm" id={headingId} style={{ letterSpacing: 0.4 }}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" component="div">
        {value}
      </Text>
    </Group>
  );
}

interface SideColumnProps {
  formData: TFormData;
  autosave: TAutosaveState;
  showAutosave: boolean;
  /** Opens the launch modal as a reschedule; absent in read-only views. */
  onEditSchedule?: (() => void) | undefined;
}

/** Schedule, reach, info and progress (product rule R7), with the autosave indicator. */
export function SideColumn({ formData, autosave, showAutosave, onEditSchedule }: SideColumnProps) {
  const { t, i18n } = useTranslation();
  const { campaign, progress } = formData;
  const lang = i18n.language;
  const schedule = (epoch: number | null) =>
    epoch === null ? (
      <Text span size="sm" c="gray.7" fs="italic">
        {t('builder.side.not-scheduled')}
      </Text>
    ) : (
      formatScheduleDate(epoch, campaign.timeZone, lang)
    );
  const done = progress.steps.filter((s) => s.done).length;
  // Edit schedule (product rule R11): a scheduled campaign, by someone allowed to launch.
  const editScheduleReason =
    campaign.status !== 'scheduled'
      ? t('launch.entry.edit-schedule-status')
      : !formData.capabilities.canLaunch || !onEditSchedule
        ? t('launch.entry.edit-schedule-permission')
        : null;

  return (
    <Stack gap="md">
      {showAutosave && (
        <Paper withBorder radius="lg" px="md" py="sm">
          <AutosaveIndicator state={autosave} />
        </Paper>
      )}

      <Card title={t('builder.side.progress')} headingId="builder-progress">
        <Group justify="space-between" mb={6}>
          <Text size="sm" fw={600}>
            {t('builder.side.steps-done', { done, total: progress.steps.length })}
          </Text>
          <Text size="sm" fw={700} c="indigo.8" data-testid="progress-percent">
            {formatPercent(progress.percent, lang)}
          </Text>
        </Group>
        <Progress
          value={progress.percent}
          size="lg"
          radius="xl"
          color={progress.percent >= 100 ? 'teal' : 'indigo'}
          aria-label={t('builder.side.progress-label', { percent: formatPercent(progress.percent, lang) })}
        />
        <List spacing={6} mt="md" size="sm" center>
          {progress.steps.map((step) => (
            <List.Item
              key={step.step}
              icon={
                <ThemeIcon
                  size={20}
                  radius="xl"
                  color={step.done ? 'teal' : 'gray'}
                  variant={step.done ? 'filled' : 'light'}
                >
                  {step.done ? <IconCircleCheck size={14} aria-hidden /> : <IconCircleDashed size={14} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={step.done ? undefined : 'gray.7'}>
                {t(`builder.progress-step.${step.step}`)}
                <VisuallyHidden component="span">
                  {' — '}
                  {step.done ? t('builder.side.step-done') : t('builder.side.step-todo')}
                </VisuallyHidden>
              </Text>
            </List.Item>
          ))}
        </List>
      </Card>

      {/* What a campaign that is not live holds, and that a change gives it back (issue 29). */}
      {formData.mode === 'builder' && ['draft', 'scheduled', 'rejected'].includes(campaign.status) && (
        <MoneyCard campaignId={campaign.id} version={campaign.version} />
      )}

      <Card title={t('builder.side.schedule')} headingId="builder-schedule">
        <Stack gap={6}>
          <Row label={t('builder.side.start')} value={schedule(campaign.startDate)} />
          <Row label={t('builder.side.end')} value={schedule(campaign.endDate)} />
          <Row label={t('builder.side.time-zone')} value={campaign.timeZone} />
        </Stack>
        <Divider my="sm" />
        <ReasonTooltip reason={editScheduleReason} fullWidth>
          <Button
            variant="light"
            fullWidth
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            disabled={editScheduleReason !== null}
            onClick={onEditSchedule}
          >
            {t('builder.side.edit-schedule')}
          </Button>
        </ReasonTooltip>
      </Card>

      <Card title={t('builder.side.reach')} headingId="builder-reach">
        <SimpleGrid cols={3} spacing="xs">
          {(['groups', 'stores', 'users'] as const).map((key) => (
            <Paper key={key} bg="gray.0" radius="md" p="xs" ta="center">
              <Text fw={700} size="lg">
                {formatNumber(campaign.kpi.reach[key], lang)}
              </Text>
              <Text size="xs" c="gray.7">
                {t(`builder.side.reach-${key}`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Card>

      <Card title={t('builder.side.info')} headingId="builder-info">
        <Stack gap={6}>
          <Row
            label={t('builder.side.type')}
            value={`${t(`campaign.type.${campaign.type}`)}${campaign.sharedCampaign ? ` · ${t('campaign.type.shared')}` : ''}`}
          />
          <Row label={t('builder.side.status')} value={t(`campaign.status.${campaign.status}`)} />
          <Row
            label={t('builder.side.created')}
            value={formatScheduleDate(campaign.createdAt, campaign.timeZone, lang)}
          />
        </Stack>
      </Card>
      {/* Spec §2 embed panel: launched consumer campaigns (a scheduled one's link works from its start). */}
      {campaign.type === 'consumer' && ['scheduled', 'active', 'ended'].includes(campaign.status) && (
        <EmbedPanel uid={campaign.publicUid} name={campaign.name} status={campaign.status} />
      )}
      {/* A contest's public page ranks the brand's staff: who it may name is the brand's choice (issue 27). */}
      {formData.mode === 'builder' && campaign.type === 'contest' && <PublicNamesSetting />}
      {/* Spec §2 smart review panel: where receipts prove sales (item-sold and contest missions). */}
      {formData.mode === 'builder' &&
        campaign.type !== 'consumer' &&
        formData.missions.some((m) => m.type === 'contest' || m.mission.subtype === 'itemSold') && <SmartReviewPanel />}
    </Stack>
  );
}
