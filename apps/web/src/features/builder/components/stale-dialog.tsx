import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BuilderWrites } from '../lib/use-builder-writes';

/** Someone else saved the campaign: the only way on is to reload it (local edits would overwrite theirs). */
export function StaleDialog({ writes }: { writes: BuilderWrites }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={writes.stale}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={<Text fw={650}>{t('builder.stale.title')}</Text>}
    >
      <Stack>
        <Text size="sm">{t('builder.stale.body')}</Text>
        <Group justify="flex-end">
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void writes.reload()}
            data-autofocus
          >
            {t('builder.stale.reload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
