import { Badge, Group, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSwitchBrand } from '../../features/auth/api/auth-api';
import { useSession } from '../../features/auth/components/session-context';
import { errorMessage } from '../../lib/error-message';

/**
 * Where to go after switching brand: a page of one campaign or mission belongs to the old brand
 * (the new one would answer "not found"), so it gives way to the new brand's list; other pages stay.
 */
export function pathAfterBrandSwitch(pathname: string): string | null {
  if (/^\/(campaign|campaign-view|campaign\/report)\/[^/]+/.test(pathname)) return '/campaign';
  if (/^\/mission\/update\/[^/]+/.test(pathname)) return '/mission';
  return null;
}

/** The switcher's last option: not a brand, the way to create one (/onboarding). */
const NEW_BRAND = '__new_brand__';

export function BrandSwitcher({ width = 220 }: { width?: number | string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const me = useSession();
  const switchBrand = useSwitchBrand();
  const retailerIds = new Set(me.brands.filter((b) => b.isRetailer).map((b) => b.id));

  return (
    <Select
      aria-label={t('header.brand')}
      data={[
        ...me.brands.map((brand) => ({ value: brand.id, label: brand.name })),
        // Creating a brand is open to every signed-in person (the server limits how many a day).
        { value: NEW_BRAND, label: t('brand.new') },
      ]}
      value={me.brand.id}
      allowDeselect={false}
      disabled={switchBrand.isPending}
      leftSection={<IconBuildingStore size={16} aria-hidden />}
      w={width}
      renderOption={({ option }) => (
        <Group gap="xs" justify="space-between" wrap="nowrap" w="100%">
          <Text size="sm" truncate>
            {option.label}
          </Text>
          {retailerIds.has(option.value) && (
            <Badge size="xs" variant="light" color="grape">
              {t('brand.retailer')}
            </Badge>
          )}
        </Group>
      )}
      onChange={(brandId) => {
        if (brandId === NEW_BRAND) {
          void navigate('/onboarding');
          return;
        }
        if (!brandId || brandId === me.brand.id) return;
        switchBrand.mutate(brandId, {
          onSuccess: (next) => {
            const to = pathAfterBrandSwitch(location.pathname);
            if (to) void navigate(to);
            notifications.show({
              color: 'teal',
              message: t('brand.switched', { name: next.brand.name }),
              closeButtonProps: { 'aria-label': t('common.close') },
            });
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: t('brand.switch-failed'),
              message: errorMessage(t, error),
              closeButtonProps: { 'aria-label': t('common.close') },
            }),
        });
      }}
    />
  );
}
