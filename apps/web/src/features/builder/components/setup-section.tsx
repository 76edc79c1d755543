import { SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CAMPAIGN_TYPES, typeChangeEffect, type TCampaignType, type TFormData } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../../../components/confirm-dialog';
import { saveCampaignFields } from '../api/builder-api';
import type { TBuilderAccess } from '../lib/builder-access';
import type { BuilderWrites } from '../lib/use-builder-writes';
import { useReportFailure } from '../lib/use-report-failure';
import { Section } from './builder-section';
import { NameField } from './name-field';

interface SetupSectionProps {
  formData: TFormData;
  caps: TBuilderAccess['caps'];
  writes: BuilderWrites;
}

/** The campaign's type, whether it is shared, and its name; each saved as soon as it changes. */
export function SetupSection({ formData, caps, writes }: SetupSectionProps) {
  const { t } = useTranslation();
  const reportFailure = useReportFailure();
  const { campaign, missions, partners } = formData;
  const id = campaign.id;

  const typeChange = useMutation({
    mutationFn: ({ type, confirmTypeChange }: { type: TCampaignType; confirmTypeChange: boolean }) =>
      writes.run(
        (version) => saveCampaignFields(id, { version, type, ...(confirmTypeChange ? { confirmTypeChange } : {}) }),
        { refetch: true },
      ),
    onError: (error) => reportFailure('builder.errors.save-failed', error),
  });
  const sharedChange = useMutation({
    mutationFn: (sharedCampaign: boolean) =>
      writes.run((version) => saveCampaignFields(id, { version, sharedCampaign }), { refetch: true }),
    onError: (error) => reportFailure('builder.errors.save-failed', error),
  });
  // The control shows the type being saved until the save settles.
  const pendingType = typeChange.isPending ? typeChange.variables.type : null;

  function changeType(type: TCampaignType) {
    const effect = typeChangeEffect({ from: campaign.type, to: type, missionCount: missions.length });
    if (!effect.changed) return;
    if (!effect.needsConfirmation) {
      typeChange.mutate({ type, confirmTypeChange: false });
      return;
    }
    void openConfirm({
      title: t('builder.type.confirm-title'),
      body: t('builder.type.confirm-body', { count: missions.length, type: t(`campaign.type.${type}`) }),
      confirmLabel: t('builder.type.confirm'),
      danger: true,
    }).then((confirmed) => {
      if (confirmed) typeChange.mutate({ type, confirmTypeChange: true });
    });
  }

  function changeShared(sharedCampaign: boolean) {
    if (!sharedCampaign && partners.length > 0) {
      void openConfirm({
        title: t('builder.shared.confirm-off-title'),
        body: t('builder.shared.confirm-off-body', { count: partners.length }),
        confirmLabel: t('builder.shared.confirm-off'),
        danger: true,
      }).then((confirmed) => {
        if (confirmed) sharedChange.mutate(sharedCampaign);
      });
      return;
    }
    sharedChange.mutate(sharedCampaign);
  }

  const typeOptions = CAMPAIGN_TYPES.filter(
    (type) => type !== 'consumer' || caps.consumerEnabled || campaign.type === 'consumer',
  );

  return (
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
        <NameField
          key={writes.resetKey}
          initialName={campaign.name}
          onSave={(name) => writes.run((version) => saveCampaignFields(id, { version, name }), { refetch: true })}
        />
      </Stack>
    </Section>
  );
}
