import { Radio, SimpleGrid } from '@mantine/core';
import { IconCalendarTime, IconRocket, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconRadioCard } from '../../../components/icon-radio-card';

type TChoice = 'launch' | 'schedule';

const ICONS: Record<TChoice, Icon> = { launch: IconRocket, schedule: IconCalendarTime };

/** The first step: launch now, or schedule for later (product rule R11). */
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
        {(['launch', 'schedule'] as const).map((choice) => (
          <IconRadioCard
            key={choice}
            value={choice}
            icon={ICONS[choice]}
            label={t(`launch.choose.${choice}`)}
            hint={t(`launch.choose.${choice}-hint`)}
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
