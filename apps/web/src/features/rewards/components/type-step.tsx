import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCash, IconDiscount2, IconGift, IconTicket, IconTrophy, type Icon } from '@tabler/icons-react';
import { REWARD_TYPES, type TRewardType } from '@rally/domain';
import { useTranslation } from 'react-i18next';

const ICONS: Record<TRewardType, Icon> = {
  money: IconCash,
  discount: IconDiscount2,
  free_product: IconGift,
  gift_card: IconTicket,
  prize: IconTrophy,
};

const ORDER: TRewardType[] = ['money', 'discount', 'free_product', 'gift_card', 'prize'];

/** The five reward types as selectable cards. */
export function TypeStep({ value, onChange }: { value: TRewardType; onChange: (type: TRewardType) => void }) {
  const { t } = useTranslation();
  const types = ORDER.filter((type) => (REWARD_TYPES as readonly string[]).includes(type));
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as TRewardType)}
      label={t('rewards.type.label')}
      name="reward-type"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
        {types.map((type) => {
          const TypeIcon = ICONS[type];
          return (
            <Radio.Card key={type} value={type} radius="md" p="md" aria-label={t(`rewards.type.${type}`)}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <TypeIcon size={22} aria-hidden />
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {t(`rewards.type.${type}`)}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t(`rewards.type.${type}-hint`)}
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
