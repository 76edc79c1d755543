import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FramePreview } from './embed-preview';
import { ShareLinks, shareUrls } from './share-links';

/** Spec §2 embed panel: public link, frame code, live preview (the real frame), copy buttons. */
export function EmbedPanel({ uid, name, status }: { uid: string; name: string; status: string }) {
  const { t } = useTranslation();
  const urls = shareUrls(uid, name);
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-labelledby="embed-panel-title"
      data-testid="embed-panel"
    >
      <Title
        order={2}
        fz="sm"
        fw={650}
        tt="uppercase"
        c="gray.7"
        mb="sm"
        id="embed-panel-title"
        style={{ letterSpacing: 0.4 }}
      >
        {t('share.panel-title')}
      </Title>
      <Stack gap="sm">
        <ShareLinks uid={uid} name={name} />
        {status === 'scheduled' && (
          <Text size="xs" c="gray.7">
            {t('share.not-started')}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {t('share.preview-label')}
        </Text>
        <FramePreview src={urls.embed} title={t('share.preview')} />
      </Stack>
    </Paper>
  );
}
