import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={30} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'violet', deg: 135 }}>
        <IconBolt size={18} aria-hidden />
      </ThemeIcon>
      <Text fw={800} fz="xl" lh={1}>
        {t('app.name')}
      </Text>
    </Group>
  );
}
