import { useId } from 'react';
import { Button, Menu, Text } from '@mantine/core';
import {
  IconBook,
  IconChevronDown,
  IconPlus,
  IconShare,
  IconTrophy,
  IconUsers,
  IconLayoutGrid,
  type Icon,
} from '@tabler/icons-react';
import { allowedDraftTypes, type TBrandCapabilities, type TCreateDraftType } from '@rally/domain';
import { useTranslation } from 'react-i18next';

const TYPE_ICONS: Record<TCreateDraftType, Icon> = {
  general: IconLayoutGrid,
  contest: IconTrophy,
  learning: IconBook,
  consumer: IconUsers,
  shared: IconShare,
};

interface CreateCampaignMenuProps {
  brand: TBrandCapabilities;
  onCreate: (type: TCreateDraftType) => void;
  loading?: boolean;
}

/** Offers only the draft types this brand may create (consumer flag, retailer for shared). */
export function CreateCampaignMenu({ brand, onCreate, loading = false }: CreateCampaignMenuProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  return (
    <Menu position="bottom-end" width={300} shadow="md">
      <Menu.Target>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={loading}
        >
          {t('campaign.create.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('campaign.create.menu-label')}</Menu.Label>
        {allowedDraftTypes(brand).map((type) => {
          const TypeIcon = TYPE_ICONS[type];
          const descriptionId = `${idPrefix}-${type}`;
          return (
            <Menu.Item
              key={type}
              leftSection={<TypeIcon size={18} stroke={1.6} aria-hidden />}
              onClick={() => onCreate(type)}
              // Named by the type alone; the description is announced as a description.
              aria-label={t(`campaign.type.${type}`)}
              aria-describedby={descriptionId}
            >
              <Text size="sm" fw={500}>
                {t(`campaign.type.${type}`)}
              </Text>
              <Text size="xs" c="dimmed" id={descriptionId}>
                {t(`campaign.create.description.${type}`)}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
