import { Group, Radio, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface IconRadioCardProps {
  value: string;
  icon: Icon;
  label: string;
  hint: string;
}

/** A choice of a Radio.Group shown as a card: indicator, icon, label and a one-line hint. */
export function IconRadioCard({ value, icon: CardIcon, label, hint }: IconRadioCardProps) {
  return (
    <Radio.Card value={value} radius="md" p="md" aria-label={label}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator />
        <CardIcon size={22} aria-hidden />
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Text size="xs" c="gray.7">
            {hint}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}
