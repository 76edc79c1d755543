import { Button, Grid, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FramePreview } from './embed-preview';
import { ShareLinks, shareUrls } from './share-links';

const PHONE = { width: 375, height: 667 };

/**
 * Spec §2 consumer after-launch preview: opened on the report after a consumer campaign is launched —
 * the public page in a phone-sized frame, its link and the embed code.
 */
export function AfterLaunchPreview({
  opened,
  onClose,
  uid,
  name,
}: {
  opened: boolean;
  onClose: () => void;
  uid: string;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('share.after-launch.title', { name })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Stack gap={4} maw={PHONE.width * 0.72} mx="auto">
            <FramePreview src={shareUrls(uid, name).link} title={t('share.after-launch.phone')} frame={PHONE} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="md">
            <Text size="sm">{t('share.after-launch.body')}</Text>
            <ShareLinks uid={uid} name={name} />
            <Group justify="flex-end">
              <Button onClick={onClose}>{t('share.after-launch.report')}</Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Modal>
  );
}
