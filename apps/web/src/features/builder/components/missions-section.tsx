import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { missionWizardSteps, type TCampaignMission, type TFormData, type TMissionWizardMode } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../../../components/confirm-dialog';
import type { TBuilderAccess } from '../lib/builder-access';
import type { BuilderWrites } from '../lib/use-builder-writes';
import { useMissionWrites } from '../lib/use-mission-writes';
import { Section } from './builder-section';
import { MissionWizard } from './mission-wizard/mission-wizard';
import { MissionsList } from './missions-list';
import { ReasonTooltip } from './reason-tooltip';

interface MissionsSectionProps {
  formData: TFormData;
  access: TBuilderAccess;
  writes: BuilderWrites;
}

/** The campaign's missions: add, open, reorder and remove them, the mission wizard opened from here. */
export function MissionsSection({ formData, access, writes }: MissionsSectionProps) {
  const { t } = useTranslation();
  const { campaign, missions } = formData;
  const { readOnly, caps, can } = access;
  const missionWrites = useMissionWrites(campaign.id, writes);
  const [wizard, setWizard] = useState<{ mode: TMissionWizardMode; entry?: TCampaignMission; key: number } | null>(
    null,
  );

  function removeMission(entry: TCampaignMission) {
    const title = entry.mission.title.trim() === '' ? t('builder.missions.untitled') : entry.mission.title;
    void openConfirm({
      title: t('builder.missions.delete-title'),
      body: t('builder.missions.delete-body', { title }),
      confirmLabel: t('builder.missions.delete-confirm'),
      danger: true,
    }).then((confirmed) => {
      if (confirmed) missionWrites.remove.mutate({ entry, title });
    });
  }

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

  return (
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
        onMove={(entryId, toIndex) => missionWrites.move.mutate({ entryId, toIndex })}
        onOpen={(entry) => setWizard({ mode: readOnly ? 'view' : 'edit', entry, key: Date.now() })}
        onDelete={removeMission}
      />
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
    </Section>
  );
}
