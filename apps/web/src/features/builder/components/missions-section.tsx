import { useState } from 'react';
import { missionWizardSteps, type TCampaignMission, type TFormData, type TMissionWizardMode } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import type { TBuilderAccess } from '../lib/builder-access';
import type { BuilderWrites } from '../lib/use-builder-writes';
import { useMissionMove } from '../lib/use-mission-move';
import { useConfirmedRemoval } from '../lib/use-confirmed-removal';
import { deleteCampaignMission } from '../api/builder-api';
import { AddButton, Section } from './builder-section';
import { MissionWizard } from './mission-wizard/mission-wizard';
import { MissionsList } from './missions-list';

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
  const move = useMissionMove(campaign.id, writes);
  const [wizard, setWizard] = useState<{ mode: TMissionWizardMode; entry?: TCampaignMission; key: number } | null>(
    null,
  );

  const remove = useConfirmedRemoval('missions', writes, (entry: TCampaignMission) =>
    deleteCampaignMission(campaign.id, entry.id),
  );

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
          <AddButton reason={addMissionReason} onClick={() => setWizard({ mode: 'create', key: Date.now() })}>
            {t('builder.missions.add')}
          </AddButton>
        )
      }
    >
      <MissionsList
        missions={missions}
        sortable={!readOnly && missions.length > 1 && can('campaign:update')}
        canDelete={caps.canDeleteMissions}
        rowAction={rowAction}
        onMove={(entryId, toIndex) => move.mutate({ entryId, toIndex })}
        onOpen={(entry) => setWizard({ mode: readOnly ? 'view' : 'edit', entry, key: Date.now() })}
        onDelete={(entry) =>
          remove(entry, entry.mission.title.trim() === '' ? t('builder.missions.untitled') : entry.mission.title)
        }
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
