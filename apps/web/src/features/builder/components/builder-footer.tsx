import type { ReactNode } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { campaignListPath, isComplete, type TFormData } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BuilderWrites } from '../lib/use-builder-writes';
import { useCampaignPrimaryActions } from '../lib/use-campaign-actions';
import { ReasonList } from './builder-section';
import { ReasonTooltip } from './reason-tooltip';

interface BuilderFooterProps {
  formData: TFormData;
  readOnly: boolean;
  writes: BuilderWrites;
  onLaunch: () => void;
}

/** Exit, and the step the campaign is ready for: confirm changes, send invites, or continue to launch. */
export function BuilderFooter({ formData, readOnly, writes, onLaunch }: BuilderFooterProps) {
  const { t } = useTranslation();
  const { campaign, capabilities, partners } = formData;
  const { confirm, invite } = useCampaignPrimaryActions(campaign.id, writes);

  const complete = isComplete(campaign.completionProgress);
  const progressReason = t('builder.actions.reason-progress', { percent: campaign.completionProgress });
  const continueReasons = [
    ...(capabilities.canLaunch ? [] : [t('builder.actions.reason-permission')]),
    ...(complete ? [] : [progressReason]),
  ];
  // Shared: invites go out first (Send invite at 100 %), then Continue launches once a partner accepted.
  const invitesPending = partners.some((p) => p.inviteStatus === null) || partners.length === 0;
  const inviteReasons = [
    ...(complete ? [] : [progressReason]),
    ...(partners.length === 0 ? [t('builder.actions.reason-no-partners')] : []),
  ];
  const sharedContinueReasons = [
    ...continueReasons,
    ...(partners.some((p) => p.inviteStatus === 'ACCEPTED') ? [] : [t('builder.actions.reason-no-accepted')]),
  ];

  function primaryAction(): ReactNode {
    if (readOnly) return null;
    if (campaign.status === 'scheduled') {
      return (
        <ReasonTooltip reason={complete ? null : progressReason}>
          <Button onClick={() => confirm.mutate()} disabled={!complete} loading={confirm.isPending}>
            {t('builder.actions.confirm')}
          </Button>
        </ReasonTooltip>
      );
    }
    if (campaign.sharedCampaign && invitesPending) {
      return (
        <ReasonTooltip reason={inviteReasons.length === 0 ? null : <ReasonList reasons={inviteReasons} />}>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            disabled={inviteReasons.length > 0}
            loading={invite.isPending}
            onClick={() => invite.mutate()}
          >
            {t('builder.actions.send-invite')}
          </Button>
        </ReasonTooltip>
      );
    }
    const reasons = campaign.sharedCampaign ? sharedContinueReasons : continueReasons;
    return (
      <ReasonTooltip reason={reasons.length === 0 ? null : <ReasonList reasons={reasons} />}>
        <Button disabled={reasons.length > 0} onClick={onLaunch}>
          {t('builder.actions.continue')}
        </Button>
      </ReasonTooltip>
    );
  }

  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between">
        <Button component={Link} to={campaignListPath(campaign.status)} variant="default">
          {t('builder.exit')}
        </Button>
        {primaryAction()}
      </Group>
    </Paper>
  );
}
