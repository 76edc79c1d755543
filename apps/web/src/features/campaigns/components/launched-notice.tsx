import { Alert, Anchor, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ZId } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { campaignReportQueryOptions } from '../../report';
import { readableText } from '../../missions';
import { useCachedCampaign } from '../api/campaigns-api';

/** Where a launch of a non-consumer campaign lands: /campaign?show-promotion={id} (product rule R11). */
export const SHOW_PROMOTION_PARAM = 'show-promotion';

export function reportPath(campaignId: number): string {
  return `/campaign/report/${campaignId}`;
}

function Notice({ campaignId, onDismiss }: { campaignId: number; onDismiss: () => void }) {
  const { t } = useTranslation();
  const cached = useCachedCampaign(campaignId);
  // The report the link opens; fetching it now also names a campaign that is not on the current page.
  const report = useQuery(campaignReportQueryOptions(campaignId));
  // A stale link to a campaign that is gone (or another brand's) announces nothing.
  if (isApiError(report.error) && report.error.status === 404) return null;
  const name = (report.data?.campaign.name ?? cached?.name ?? '').trim();
  return (
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
      <Anchor component={Link} to={reportPath(campaignId)} size="sm" fw={600} mt={4} display="inline-block">
        {t('report.notice.link')}
      </Anchor>
    </Alert>
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
