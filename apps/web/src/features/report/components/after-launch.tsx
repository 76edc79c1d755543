import { useState } from 'react';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import type { TCampaign } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AfterLaunchPreview, ShareLinks } from '../../../components/campaign-share';

/**
 * A consumer campaign's report shares its public page (link, embed code). The launch modal navigates here with
 * state { launched: true }: then the after-launch preview (spec §2 modals) opens once.
 */
export function AfterLaunch({ campaign }: { campaign: TCampaign }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const launched = (location.state as { launched?: boolean } | null)?.launched === true;
  const [open, setOpen] = useState(launched && campaign.type === 'consumer');
  if (campaign.type !== 'consumer' || !['active', 'scheduled', 'ended'].includes(campaign.status)) return null;
  const close = () => {
    setOpen(false);
    // Drop the state so a reload or going back does not open it again.
    if (launched) void navigate(location.pathname + location.search, { replace: true, state: null });
  };
  return (
    <>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="share-title" data-testid="report-share">
        <Title order={2} fz="sm" fw={650} tt="uppercase" c="gray.7" mb="sm" id="share-title" style={{ letterSpacing: 0.4 }}>
          {t('share.panel-title')}
        </Title>
        <Stack gap="xs">
          <ShareLinks uid={campaign.publicUid} name={campaign.name} />
          <Button variant="light" size="compact-sm" w="fit-content" leftSection={<IconDeviceMobile size={14} aria-hidden />} onClick={() => setOpen(true)}>
            {t('share.after-launch.phone')}
          </Button>
        </Stack>
      </Paper>
      <AfterLaunchPreview opened={open} onClose={close} uid={campaign.publicUid} name={campaign.name} />
    </>
  );
}
