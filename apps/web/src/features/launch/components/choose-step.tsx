import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarTime, IconRocket, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type TChoice = 'launch' | 'schedule';

const ICONS: Record<TChoice, Icon> = { launch: IconRocket, schedule: IconCalendarTime };

/** The first step: launch now, or schedule for later (spec §2). */
export function ChooseStep({ value, onChange }: { value: TChoice; onChange: (next: TChoice) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next === 'schedule' ? 'schedule' : 'launch')}
      label={t('launch.choose.label')}
      name="launch-action"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
        {(['launch', 'schedule'] as const).map((choice) => {
          const ChoiceIcon = ICONS[choice];
          return (
            <Radio.Card key={choice} value={choice} radius="md" p="md" aria-label={t(`launch.choose.${choice}`)}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <ChoiceIcon size={22} aria-hidden />
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {t(`launch.choose.${choice}`)}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t(`launch.choose.${choice}-hint`)}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
