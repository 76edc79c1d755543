import { Radio, SimpleGrid } from '@mantine/core';
import { IconCash, IconDiscount2, IconGift, IconTicket, IconTrophy, type Icon } from '@tabler/icons-react';
import { REWARD_TYPES, type TRewardType } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { IconRadioCard } from '../../../components/icon-radio-card';

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
        {types.map((type) => (
          <IconRadioCard
            key={type}
            value={type}
            icon={ICONS[type]}
            label={t(`rewards.type.${type}`)}
            hint={t(`rewards.type.${type}-hint`)}
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
