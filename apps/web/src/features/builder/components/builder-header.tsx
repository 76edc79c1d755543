import { useState } from 'react';
import { Anchor, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCopy, IconDots, IconHistory, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { campaignListPath, canDeleteCampaign, type TFormData } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrandCurrency } from '../../../app/session';
import { openConfirm } from '../../../components/confirm-dialog';
import { formatMoney } from '../../../lib/format';
import { fetchBudgetStatus } from '../../launch';
import { EndCampaignDialog } from '../../../components/end-campaign/end-campaign-dialog';
import type { TBuilderAccess } from '../lib/builder-access';
import { useCampaignMenuActions } from '../lib/use-campaign-actions';
import { ActivityPanel } from './activity-panel';

/** The back link, the campaign's name and the page's own actions: activity, end, duplicate and delete. */
export function BuilderHeader({ formData, access }: { formData: TFormData; access: TBuilderAccess }) {
  const { t, i18n } = useTranslation();
  const currency = useBrandCurrency();
  const { campaign, capabilities } = formData;
  const { isOwner, readOnly, can } = access;
  const actions = useCampaignMenuActions(campaign.id);
  const [activityOpen, setActivityOpen] = useState(false);
  // The end dialog shows what ending stops (pause details) before it ends the campaign.
  const [ending, setEnding] = useState(false);

  const canEnd = isOwner && campaign.status === 'active' && capabilities.canLaunch;
  const canDuplicate = isOwner && can('campaign:create');
  const canDelete = isOwner && can('campaign:delete') && canDeleteCampaign(campaign.status);
  const displayName = campaign.name.trim() === '' ? t('builder.untitled') : campaign.name;

  async function confirmDelete() {
    // What deleting gives back, said before it is done (issue 29); the dialog opens without it if the read fails.
    const held = (await fetchBudgetStatus(campaign.id).catch(() => null))?.money?.heldCents ?? 0;
    const name = campaign.name.trim() || t('builder.untitled');
    void openConfirm({
      title: t('builder.actions.delete-title'),
      body:
        held > 0
          ? `${t('builder.actions.delete-body', { name })} ${t('builder.money.confirm-delete-refund', { amount: formatMoney(held, i18n.language, currency) })}`
          : t('builder.actions.delete-body', { name }),
      confirmLabel: t('builder.actions.delete-confirm'),
      danger: true,
    }).then((confirmed) => {
      if (confirmed) actions.remove();
    });
  }

  return (
    <>
      <EndCampaignDialog campaign={ending ? campaign : null} onClose={() => setEnding(false)} />
      <Anchor component={Link} to={campaignListPath(campaign.status)} size="sm" w="fit-content">
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
              onClick={() => setEnding(true)}
            >
              {t('builder.actions.end')}
            </Button>
          )}
          {(canDuplicate || canDelete) && (
            <Menu position="bottom-end" shadow="md" width={220}>
              <Menu.Target>
                <Button variant="default" px="xs" aria-label={t('builder.actions.more')} loading={actions.pending}>
                  <IconDots size={18} aria-hidden />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {canDuplicate && (
                  <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={actions.duplicate}>
                    {t('builder.actions.duplicate')}
                  </Menu.Item>
                )}
                {canDelete && (
                  <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void confirmDelete()}>
                    {t('builder.actions.delete')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      {isOwner && (
        <ActivityPanel
          campaignId={campaign.id}
          timeZone={campaign.timeZone}
          opened={activityOpen}
          onClose={() => setActivityOpen(false)}
        />
      )}
    </>
  );
}
