import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Loader,
  Center,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
  List,
} from '@mantine/core';
import { openConfirm } from '../../../components/confirm-dialog';
import { notify } from '../../../lib/notify';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCopy,
  IconDots,
  IconHistory,
  IconPlayerStop,
  IconPlus,
  IconRefresh,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CAMPAIGN_TYPES,
  ZId,
  campaignListPath,
  canDeleteCampaign,
  isComplete,
  isEditableStatus,
  missionWizardSteps,
  moveInOrder,
  splitByOwnership,
  typeChangeEffect,
  type TCampaignMission,
  type TCampaignType,
  type TFormData,
  type TMissionWizardMode,
  type TRewardRead,
} from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import NotFoundPage from '../../../components/not-found-page';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { EndCampaignDialog } from '../../../components/end-campaign/end-campaign-dialog';
import { useSession } from '../../../app/session';
import {
  builderKeys,
  deleteCampaign,
  deleteCampaignMission,
  deleteCampaignReward,
  duplicateCampaign,
  saveCampaignFields,
  updateCampaignMission,
  useFormData,
} from '../api/builder-api';
import { useBuilderWrites, isStaleVersion } from '../hooks/use-builder-writes';
import { RewardWizard } from '../../rewards';
import { loadLaunchModal } from '../../launch';
import { ActivityPanel } from './activity-panel';
import { MissionWizard } from './mission-wizard/mission-wizard';
import { MissionsList } from './missions-list';
import { NameField } from './name-field';
import { OwnerCard, PartnersList } from './partners';
import { PartnerModal } from './partner-modal';
import { InviteAnswerPanel } from './invite-answer-panel';
import { PartnerRejections } from './partner-rejections';
import { sendInvites, usePartnerView } from '../api/partners-api';
import { ReasonTooltip } from './reason-tooltip';
import { RewardsList, rewardTitle } from './rewards-list';
import { SideColumn } from './side-column';

// The launch modal (steps, date pickers, reach tables, map) loads only when opened.
const LaunchModal = lazy(loadLaunchModal);

export type TBuilderRouteMode = 'builder' | 'view';

function Section({
  title,
  action,
  children,
  id,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

function ReasonList({ reasons }: { reasons: string[] }) {
  if (reasons.length === 1) return <>{reasons[0]}</>;
  return (
    <List size="sm" spacing={2} c="inherit">
      {reasons.map((r) => (
        <List.Item key={r}>{r}</List.Item>
      ))}
    </List>
  );
}

interface BuilderContentProps {
  id: number;
  formData: TFormData;
  routeMode: TBuilderRouteMode;
}

function BuilderContent({ id, formData, routeMode }: BuilderContentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useSession();
  const writes = useBuilderWrites(id, formData);
  const { campaign, capabilities, missions, rewards, partners, progress, warnings } = formData;

  const isOwner = formData.mode === 'builder';
  const readOnly = routeMode === 'view' || !isOwner || !isEditableStatus(campaign.status);
  const can = (permission: string) => me.permissions.includes(permission);
  const listPath = campaignListPath(campaign.status);

  const [wizard, setWizard] = useState<{ mode: TMissionWizardMode; entry?: TCampaignMission; key: number } | null>(
    null,
  );
  // The reward wizard: null closed, 'new' adding, or the reward being edited.
  const [rewardWizard, setRewardWizard] = useState<TRewardRead | 'new' | null>(null);
  const [activityOpen, setActivityOpen] = useState(false);
  // The launch modal: null closed; 'launch' from Continue, 'reschedule' from Edit schedule.
  const [launch, setLaunch] = useState<'launch' | 'reschedule' | null>(null);
  const [pendingType, setPendingType] = useState<TCampaignType | null>(null);
  const [busy, setBusy] = useState<'delete' | 'duplicate' | 'end' | 'confirm' | 'invite' | null>(null);
  const [partnerModal, setPartnerModal] = useState(false);
  // The invited brand's side of a shared campaign: invite status, budget, Accept / Reject.
  const partnerView = usePartnerView(id, formData.mode === 'view' && campaign.sharedCampaign);
  const myFill = new Map(
    (partnerView.data?.rewards ?? []).filter((r) => r.assignedToMe).map((r) => [r.id, r.fillStatus]),
  );
  const canFill =
    partnerView.data?.inviteStatus === 'SENT' && isEditableStatus(campaign.status) && can('reward:update');
  // The end dialog shows what ending stops (pause details) before it ends the campaign.
  const [ending, setEnding] = useState(false);

  // Spec §4: autosave when completion progress changes — the server stores the value it recomputes.
  const progressSaved = useRef<string | null>(null);
  useEffect(() => {
    if (readOnly || writes.stale) return;
    if (progress.percent === campaign.completionProgress) return;
    const key = `${campaign.version}:${progress.percent}`;
    if (progressSaved.current === key) return;
    progressSaved.current = key;
    writes.run((version) => saveCampaignFields(id, { version }), { refetch: true }).catch(() => undefined);
  }, [readOnly, writes, progress.percent, campaign.completionProgress, campaign.version, id]);

  function reportFailure(titleKey: 'builder.errors.save-failed' | 'builder.errors.action-failed', error: unknown) {
    if (isStaleVersion(error)) return; // the stale dialog explains it
    notify({ color: 'red', title: t(titleKey), message: errorMessage(t, error) });
  }

  // ---------------------------------------------------------------- fields

  function saveName(name: string) {
    return writes.run((version) => saveCampaignFields(id, { version, name }), { refetch: true });
  }

  function applyType(type: TCampaignType, confirmTypeChange: boolean) {
    setPendingType(type);
    writes
      .run(
        (version) => saveCampaignFields(id, { version, type, ...(confirmTypeChange ? { confirmTypeChange } : {}) }),
        {
          refetch: true,
        },
      )
      .catch((error: unknown) => reportFailure('builder.errors.save-failed', error))
      .finally(() => setPendingType(null));
  }

  function changeType(type: TCampaignType) {
    const effect = typeChangeEffect({ from: campaign.type, to: type, missionCount: missions.length });
    if (!effect.changed) return;
    if (!effect.needsConfirmation) {
      applyType(type, false);
      return;
    }
    void openConfirm({
      title: t('builder.type.confirm-title'),
      body: t('builder.type.confirm-body', { count: missions.length, type: t(`campaign.type.${type}`) }),
      confirmLabel: t('builder.type.confirm'),
      danger: true,
    }).then((confirmed) => {
      if (confirmed) applyType(type, true);
    });
  }

  function changeShared(sharedCampaign: boolean) {
    const save = () =>
      writes
        .run((version) => saveCampaignFields(id, { version, sharedCampaign }), { refetch: true })
        .catch((error: unknown) => reportFailure('builder.errors.save-failed', error));
    if (!sharedCampaign && partners.length > 0) {
      void openConfirm({
        title: t('builder.shared.confirm-off-title'),
        body: t('builder.shared.confirm-off-body', { count: partners.length }),
        confirmLabel: t('builder.shared.confirm-off'),
        danger: true,
      }).then((confirmed) => {
        if (confirmed) void save();
      });
      return;
    }
    void save();
  }

  // ---------------------------------------------------------------- missions and rewards

  function moveMission(entryId: number, toIndex: number) {
    const ids = moveInOrder(
      missions.map((m) => m.id),
      entryId,
      toIndex,
    );
    // Optimistic: the list shows the new order at once; the refetch confirms it.
    queryClient.setQueryData<TFormData>(builderKeys.formData(id), (old) =>
      old
        ? {
            ...old,
            missions: ids
              .map((entry, order) => {
                const found = old.missions.find((m) => m.id === entry);
                return found ? { ...found, order } : undefined;
              })
              .filter((m): m is TCampaignMission => m !== undefined),
          }
        : old,
    );
    writes
      .run(() => updateCampaignMission(id, entryId, { order: toIndex }), { refetch: true })
      .catch((error: unknown) => {
        reportFailure('builder.errors.save-failed', error);
        void queryClient.invalidateQueries({ queryKey: builderKeys.formData(id) });
      });
  }

  function removeMission(entry: TCampaignMission) {
    const title = entry.mission.title.trim() === '' ? t('builder.missions.untitled') : entry.mission.title;
    void openConfirm({
      title: t('builder.missions.delete-title'),
      body: t('builder.missions.delete-body', { title }),
      confirmLabel: t('builder.missions.delete-confirm'),
      danger: true,
    }).then((confirmed) => {
      if (!confirmed) return;
      void writes
        .run(() => deleteCampaignMission(id, entry.id), { refetch: true })
        .then(() => notify({ color: 'teal', message: t('builder.missions.deleted', { title }) }))
        .catch((error: unknown) => reportFailure('builder.errors.action-failed', error));
    });
  }

  function removeReward(reward: TRewardRead) {
    const title = rewardTitle(reward, t);
    void openConfirm({
      title: t('builder.rewards.delete-title'),
      body: t('builder.rewards.delete-body', { title }),
      confirmLabel: t('builder.rewards.delete-confirm'),
      danger: true,
    }).then((confirmed) => {
      if (!confirmed) return;
      void writes
        .run(() => deleteCampaignReward(id, reward.id), { refetch: true })
        .then(() => notify({ color: 'teal', message: t('builder.rewards.deleted', { title }) }))
        .catch((error: unknown) => reportFailure('builder.errors.action-failed', error));
    });
  }

  // ---------------------------------------------------------------- campaign actions

  const invalidateLists = () => queryClient.invalidateQueries({ queryKey: ['campaigns'] });

  function confirmDelete() {
    void openConfirm({
      title: t('builder.actions.delete-title'),
      body: t('builder.actions.delete-body', { name: campaign.name.trim() || t('builder.untitled') }),
      confirmLabel: t('builder.actions.delete-confirm'),
      danger: true,
    }).then((confirmed) => {
      if (!confirmed) return;
      setBusy('delete');
      deleteCampaign(id)
        .then(async () => {
          queryClient.removeQueries({ queryKey: builderKeys.formData(id) });
          await invalidateLists();
          notify({ color: 'teal', message: t('builder.actions.deleted') });
          void navigate('/campaign');
        })
        .catch((error: unknown) => {
          setBusy(null);
          reportFailure('builder.errors.action-failed', error);
        });
    });
  }

  function duplicate() {
    setBusy('duplicate');
    duplicateCampaign(id)
      .then(async (copy) => {
        await invalidateLists();
        notify({ color: 'teal', message: t('builder.actions.duplicated') });
        void navigate(`/campaign/${copy.id}`);
      })
      .catch((error: unknown) => reportFailure('builder.errors.action-failed', error))
      .finally(() => setBusy(null));
  }

  function confirmEnd() {
    setEnding(true);
  }

  function confirmChanges() {
    setBusy('confirm');
    writes
      .run((version) => saveCampaignFields(id, { version }), { refetch: true })
      .then(() => notify({ color: 'teal', message: t('builder.actions.confirmed') }))
      .catch((error: unknown) => reportFailure('builder.errors.save-failed', error))
      .finally(() => setBusy(null));
  }

  // ---------------------------------------------------------------- what may be done

  const complete = isComplete(campaign.completionProgress);
  const caps = readOnly
    ? {
        ...capabilities,
        canChangeType: false,
        canShowSharedSwitch: false,
        canAddMission: false,
        canAddReward: false,
        canDeleteMissions: false,
      }
    : capabilities;
  const editFlow = missionWizardSteps({
    campaignType: campaign.type,
    sharedCampaign: campaign.sharedCampaign,
    mode: readOnly ? 'view' : 'edit',
  });
  const rowAction = editFlow.steps.length === 0 ? null : readOnly ? 'view' : 'edit';

  const addMissionReason = caps.canAddMission
    ? null
    : missions.length > 0 && campaign.type !== 'learning'
      ? t('builder.missions.add-one-only')
      : t('builder.missions.add-not-allowed');
  const addRewardReason = caps.canAddReward
    ? null
    : missions.length === 0
      ? t('builder.rewards.add-needs-mission')
      : campaign.type === 'consumer' && rewards.length > 0
        ? t('builder.rewards.add-consumer-one')
        : t('builder.rewards.add-not-allowed');

  const continueReasons = [
    ...(capabilities.canLaunch ? [] : [t('builder.actions.reason-permission')]),
    ...(complete ? [] : [t('builder.actions.reason-progress', { percent: campaign.completionProgress })]),
  ];
  // Shared: invites go out first (Send invite at 100 %), then Continue launches once a partner accepted.
  const invitesPending = partners.some((p) => p.inviteStatus === null) || partners.length === 0;
  const inviteReasons = [
    ...(complete ? [] : [t('builder.actions.reason-progress', { percent: campaign.completionProgress })]),
    ...(partners.length === 0 ? [t('builder.actions.reason-no-partners')] : []),
  ];
  const sharedContinueReasons = [
    ...continueReasons,
    ...(partners.some((p) => p.inviteStatus === 'ACCEPTED') ? [] : [t('builder.actions.reason-no-accepted')]),
  ];

  function sendInvite() {
    setBusy('invite');
    sendInvites(id)
      .then(async (result) => {
        await invalidateLists();
        notify({ color: 'teal', message: t('builder.partners.invites-sent', { count: result.sent }) });
        void navigate('/campaign');
      })
      .catch((error: unknown) => reportFailure('builder.errors.action-failed', error))
      .finally(() => setBusy(null));
  }

  let primary: ReactNode = null;
  if (!readOnly) {
    if (campaign.status === 'scheduled') {
      primary = (
        <ReasonTooltip
          reason={complete ? null : t('builder.actions.reason-progress', { percent: campaign.completionProgress })}
        >
          <Button onClick={confirmChanges} disabled={!complete} loading={busy === 'confirm'}>
            {t('builder.actions.confirm')}
          </Button>
        </ReasonTooltip>
      );
    } else if (campaign.sharedCampaign && invitesPending) {
      primary = (
        <ReasonTooltip reason={inviteReasons.length === 0 ? null : <ReasonList reasons={inviteReasons} />}>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            disabled={inviteReasons.length > 0}
            loading={busy === 'invite'}
            onClick={sendInvite}
          >
            {t('builder.actions.send-invite')}
          </Button>
        </ReasonTooltip>
      );
    } else if (campaign.sharedCampaign) {
      primary = (
        <ReasonTooltip
          reason={sharedContinueReasons.length === 0 ? null : <ReasonList reasons={sharedContinueReasons} />}
        >
          <Button disabled={sharedContinueReasons.length > 0} onClick={() => setLaunch('launch')}>
            {t('builder.actions.continue')}
          </Button>
        </ReasonTooltip>
      );
    } else {
      primary = (
        <ReasonTooltip reason={continueReasons.length === 0 ? null : <ReasonList reasons={continueReasons} />}>
          <Button disabled={continueReasons.length > 0} onClick={() => setLaunch('launch')}>
            {t('builder.actions.continue')}
          </Button>
        </ReasonTooltip>
      );
    }
  }

  const canEnd = isOwner && campaign.status === 'active' && capabilities.canLaunch;
  const canDuplicate = isOwner && can('campaign:create');
  const canDelete = isOwner && can('campaign:delete') && canDeleteCampaign(campaign.status);
  const typeOptions = CAMPAIGN_TYPES.filter(
    (type) => type !== 'consumer' || caps.consumerEnabled || campaign.type === 'consumer',
  );
  const displayName = campaign.name.trim() === '' ? t('builder.untitled') : campaign.name;

  return (
    <Stack gap="lg" maw={1240} mx="auto" pb="xl">
      <EndCampaignDialog campaign={ending ? campaign : null} onClose={() => setEnding(false)} />
      <Anchor component={Link} to={listPath} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('builder.back')}
        </Group>
      </Anchor>

      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" fw={600} tt="uppercase" c="gray.7" style={{ letterSpacing: 0.4 }}>
            {readOnly ? t('builder.heading-view') : t('builder.heading')}
          </Text>
          <Title
            order={1}
            fz="h2"
            style={{ overflowWrap: 'anywhere' }}
            fs={campaign.name.trim() === '' ? 'italic' : undefined}
          >
            {displayName}
          </Title>
        </Stack>
        <Group gap="sm">
          {isOwner && (
            <Button
              variant="default"
              leftSection={<IconHistory size={16} aria-hidden />}
              onClick={() => setActivityOpen(true)}
            >
              {t('builder.activity.open')}
            </Button>
          )}
          {canEnd && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={16} aria-hidden />}
              onClick={confirmEnd}
              loading={busy === 'end'}
            >
              {t('builder.actions.end')}
            </Button>
          )}
          {(canDuplicate || canDelete) && (
            <Menu position="bottom-end" shadow="md" width={220}>
              <Menu.Target>
                <Button
                  variant="default"
                  px="xs"
                  aria-label={t('builder.actions.more')}
                  loading={busy === 'duplicate' || busy === 'delete'}
                >
                  <IconDots size={18} aria-hidden />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {canDuplicate && (
                  <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={duplicate}>
                    {t('builder.actions.duplicate')}
                  </Menu.Item>
                )}
                {canDelete && (
                  <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete}>
                    {t('builder.actions.delete')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      {warnings.length > 0 && (
        <Stack gap="xs">
          {warnings.map((warning) => (
            <Alert
              key={warning}
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t(`builder.warnings.${warning}.title`)}
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
            >
              {t(`builder.warnings.${warning}.body`)}
              {(warning === 'all-partners-rejected' || warning === 'partner-rejected') && (
                <PartnerRejections partners={formData.partners} timeZone={formData.campaign.timeZone} />
              )}
            </Alert>
          ))}
        </Stack>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {formData.mode === 'view' && !me.brand.isRetailer && <OwnerCard owner={formData.owner} />}
            {formData.mode === 'view' && partnerView.data && (
              <InviteAnswerPanel campaignId={id} view={partnerView.data} />
            )}

            {!readOnly && (
              <Section title={t('builder.setup.title')} id="builder-setup">
                <Stack gap="md">
                  {caps.canChangeType && (
                    <Stack gap={6}>
                      <Text size="sm" fw={500} id="builder-type-label">
                        {t('builder.type.label')}
                      </Text>
                      <SegmentedControl
                        aria-labelledby="builder-type-label"
                        value={pendingType ?? campaign.type}
                        onChange={(value) => changeType(value as TCampaignType)}
                        data={typeOptions.map((type) => ({ value: type, label: t(`campaign.type.${type}`) }))}
                        fullWidth
                        disabled={pendingType !== null}
                      />
                    </Stack>
                  )}
                  {caps.canShowSharedSwitch && (
                    <Switch
                      label={t('builder.shared.label')}
                      description={t('builder.shared.description')}
                      checked={campaign.sharedCampaign}
                      onChange={(event) => changeShared(event.currentTarget.checked)}
                    />
                  )}
                  <NameField key={writes.resetKey} initialName={campaign.name} onSave={saveName} />
                </Stack>
              </Section>
            )}

            <Section
              title={t('builder.missions.title', { count: missions.length })}
              id="builder-missions"
              action={
                readOnly ? undefined : (
                  <ReasonTooltip reason={addMissionReason}>
                    <Button
                      variant="light"
                      leftSection={<IconPlus size={16} aria-hidden />}
                      disabled={!caps.canAddMission}
                      onClick={() => setWizard({ mode: 'create', key: Date.now() })}
                    >
                      {t('builder.missions.add')}
                    </Button>
                  </ReasonTooltip>
                )
              }
            >
              <MissionsList
                missions={missions}
                sortable={!readOnly && missions.length > 1 && can('campaign:update')}
                canDelete={caps.canDeleteMissions}
                rowAction={rowAction}
                onMove={moveMission}
                onOpen={(entry) => setWizard({ mode: readOnly ? 'view' : 'edit', entry, key: Date.now() })}
                onDelete={removeMission}
              />
            </Section>

            <Section
              title={t('builder.rewards.title', { count: rewards.length })}
              id="builder-rewards"
              action={
                readOnly ? undefined : (
                  <ReasonTooltip reason={addRewardReason}>
                    <Button
                      variant="light"
                      leftSection={<IconPlus size={16} aria-hidden />}
                      disabled={!caps.canAddReward}
                      onClick={() => setRewardWizard('new')}
                    >
                      {t('builder.rewards.add')}
                    </Button>
                  </ReasonTooltip>
                )
              }
            >
              {formData.mode === 'view' && campaign.sharedCampaign ? (
                // Campaign-view: the owner's rewards apart from the ones partners supply; a partner fills its own.
                <Stack gap="md">
                  <Text size="sm" fw={600}>
                    {t('builder.partners.rewards-of', { name: formData.owner.brandName })}
                  </Text>
                  <RewardsList
                    rewards={splitByOwnership(rewards).own}
                    canDelete={false}
                    onDelete={removeReward}
                    label={t('builder.partners.rewards-of', { name: formData.owner.brandName })}
                  />
                  <Text size="sm" fw={600}>
                    {t('builder.partners.rewards-partners')}
                  </Text>
                  <RewardsList
                    rewards={splitByOwnership(rewards).partners}
                    canDelete={false}
                    onDelete={removeReward}
                    label={t('builder.partners.rewards-partners')}
                    fillStatus={(reward) => myFill.get(reward.id) ?? null}
                    onEdit={canFill ? (reward) => setRewardWizard(reward) : undefined}
                    canEdit={(reward) => myFill.has(reward.id)}
                  />
                </Stack>
              ) : (
                <RewardsList
                  rewards={rewards}
                  canDelete={!readOnly && can('reward:delete')}
                  onDelete={removeReward}
                  onEdit={!readOnly && can('reward:update') ? (reward) => setRewardWizard(reward) : undefined}
                  fillStatus={
                    campaign.sharedCampaign
                      ? (reward) =>
                          reward.filledByPartners
                            ? reward.partners.every((p) => p.fillStatus === 'filled') && reward.partners.length > 0
                              ? 'filled'
                              : 'pending'
                            : null
                      : undefined
                  }
                />
              )}
            </Section>

            {campaign.sharedCampaign && isOwner && me.brand.isRetailer && (
              <Section
                title={t('builder.partners.title')}
                id="builder-partners"
                action={
                  readOnly ? undefined : (
                    <Button
                      variant="light"
                      leftSection={<IconPlus size={16} aria-hidden />}
                      onClick={() => setPartnerModal(true)}
                    >
                      {t(partners.length ? 'builder.partners.update' : 'builder.partners.invite')}
                    </Button>
                  )
                }
              >
                <PartnersList partners={partners} />
              </Section>
            )}

            <Paper withBorder radius="lg" p="md">
              <Group justify="space-between">
                <Button component={Link} to={listPath} variant="default">
                  {t('builder.exit')}
                </Button>
                {primary}
              </Group>
            </Paper>
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

      {wizard && (
        <MissionWizard
          key={wizard.key}
          campaign={campaign}
          mode={wizard.mode}
          {...(wizard.entry ? { entry: wizard.entry } : {})}
          alreadyAdded={new Set(missions.map((m) => m.missionId))}
          writes={writes}
          onClose={() => setWizard(null)}
        />
      )}

      {launch && (
        <Suspense fallback={null}>
          <LaunchModal formData={formData} mode={launch} onClose={() => setLaunch(null)} />
        </Suspense>
      )}

      {rewardWizard && (
        <RewardWizard
          campaign={campaign}
          missions={missions}
          reward={rewardWizard === 'new' ? undefined : rewardWizard}
          viewMode={formData.mode === 'view'}
          onClose={() => {
            setRewardWizard(null);
            if (formData.mode === 'view') void queryClient.invalidateQueries({ queryKey: builderKeys.all });
          }}
        />
      )}

      {partnerModal && (
        <PartnerModal
          campaignId={id}
          ownerName={formData.owner.brandName}
          partners={partners}
          rewards={rewards}
          onClose={() => setPartnerModal(false)}
        />
      )}

      <Modal
        opened={writes.stale}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
        title={<Text fw={650}>{t('builder.stale.title')}</Text>}
      >
        <Stack>
          <Text size="sm">{t('builder.stale.body')}</Text>
          <Group justify="flex-end">
            <Button
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void writes.reload()}
              data-autofocus
            >
              {t('builder.stale.reload')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      {isOwner && (
        <ActivityPanel
          campaignId={id}
          timeZone={campaign.timeZone}
          opened={activityOpen}
          onClose={() => setActivityOpen(false)}
        />
      )}
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
