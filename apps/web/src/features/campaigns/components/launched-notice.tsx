import { useState } from 'react';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconMail, IconRocket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ZId } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../app/session';
import { campaignReportQueryOptions } from '../../report';
import { readableText } from '../../missions';
import { useCachedCampaign } from '../api/campaigns-api';
import { PromoteDialog } from './promote-dialog';

/** Where a launch of a non-consumer campaign lands: /campaign?show-promotion={id} (product rule R11). */
export const SHOW_PROMOTION_PARAM = 'show-promotion';

export function reportPath(campaignId: number): string {
  return `/campaign/report/${campaignId}`;
}

function Notice({ campaignId, onDismiss }: { campaignId: number; onDismiss: () => void }) {
  const { t } = useTranslation();
  // Right after a launch (the launch modal navigates with state { launched: true }) the promote dialog opens
  // over the notice (issue 17); closing it leaves the notice, with a button back to it. A shared or reloaded link
  // shows only the notice.
  const location = useLocation();
  const navigate = useNavigate();
  const [promoting, setPromoting] = useState((location.state as { launched?: boolean } | null)?.launched === true);
  const closePromote = () => {
    setPromoting(false);
    if (location.state) void navigate(location.pathname + location.search, { replace: true, state: null });
  };
  const cached = useCachedCampaign(campaignId);
  // Promote mails go out as a launch does (campaign:launch on the server).
  const mayPromote = useSession().permissions.includes('campaign:launch');
  // The report the link opens; fetching it now also names a campaign that is not on the current page.
  const report = useQuery(campaignReportQueryOptions(campaignId));
  // A stale link to a campaign that is gone (or another brand's) announces nothing.
  if (isApiError(report.error) && report.error.status === 404) return null;
  const name = (report.data?.campaign.name ?? cached?.name ?? '').trim();
  const promotable =
    mayPromote && report.data
      ? report.data.campaign.type !== 'consumer' && ['active', 'scheduled'].includes(report.data.campaign.status)
      : false;
  return (
    <>
      {promotable && <PromoteDialog campaignId={campaignId} name={name} opened={promoting} onClose={closePromote} />}
      <Alert
        color="teal"
        variant="light"
        radius="md"
        icon={<IconRocket aria-hidden />}
        title={name === '' ? t('report.notice.title-unnamed') : t('report.notice.title', { name })}
        withCloseButton
        closeButtonLabel={t('report.notice.dismiss')}
        onClose={onDismiss}
        styles={{ title: { color: readableText('teal') } }}
        data-testid="launched-notice"
      >
        <Text size="sm">{t('report.notice.body')}</Text>
        <Group gap="md" mt={4}>
          <Anchor component={Link} to={reportPath(campaignId)} size="sm" fw={600} display="inline-block">
            {t('report.notice.link')}
          </Anchor>
          {promotable && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconMail size={14} aria-hidden />}
              onClick={() => setPromoting(true)}
            >
              {t('share.promote.title', { name })}
            </Button>
          )}
        </Group>
      </Alert>
    </>
  );
}

/**
 * The "campaign is live" notice after a launch, while the URL names the launched campaign.
 * Dismissing it drops the parameter, so a reload or a shared link does not bring it back.
 */
export function LaunchedNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = ZId.safeParse(searchParams.get(SHOW_PROMOTION_PARAM) ?? undefined);
  if (!id.success) return null;
  function dismiss() {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(SHOW_PROMOTION_PARAM);
        return next;
      },
      { replace: true },
    );
  }
  return <Notice key={id.data} campaignId={id.data} onDismiss={dismiss} />;
}
