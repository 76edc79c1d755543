import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconKey, IconLock, IconLogout, IconShieldLock, IconUserCircle, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/api/auth-api';
import { useSession } from '../session';
import { errorMessage } from '../../lib/error-message';

export function UserMenu() {
  const { t } = useTranslation();
  const me = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('header.user-menu', { name: me.user.name })} px={4} py={2}>
          <Group gap={8} wrap="nowrap">
            {/* No initials: the button's visible text must be part of its accessible name (WCAG 2.5.3). */}
            <Avatar color="indigo" radius="xl" size={32} alt="" />
            <Text size="sm" fw={500} visibleFrom="md" truncate maw={140}>
              {me.user.name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.signed-in-as')}</Menu.Label>
        <Group px="sm" pb="xs" gap={0} style={{ flexDirection: 'column', alignItems: 'flex-start' }}>
          <Text size="sm" fw={500}>
            {me.user.name}
          </Text>
          <Text size="xs" c="dimmed">
            {me.user.email}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`header.role.${me.role}`)} · {me.brand.name}
          </Text>
        </Group>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUserCircle size={16} aria-hidden />} onClick={() => void navigate('/account')}>
          {t('header-account.menu-item')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLock size={16} aria-hidden />} onClick={() => void navigate('/account/security')}>
          {t('security.two-factor.title')}
        </Menu.Item>
        {me.permissions.includes('brand:security') && (
          <Menu.Item leftSection={<IconShieldLock size={16} aria-hidden />} onClick={() => void navigate('/settings/sign-in-security')}>
            {t('security.brand.title')}
          </Menu.Item>
        )}
        {me.permissions.includes('api-key:manage') && (
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => void navigate('/settings/api-keys')}>
            {t('api-keys.title')}
          </Menu.Item>
        )}
        {me.permissions.includes('webhook:manage') && (
          <Menu.Item leftSection={<IconWebhook size={16} aria-hidden />} onClick={() => void navigate('/settings/webhooks')}>
            {t('webhooks.title')}
          </Menu.Item>
        )}
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  title: t('auth.sign-out.failed'),
                  message: errorMessage(t, error),
                  closeButtonProps: { 'aria-label': t('common.close') },
                }),
              onSettled: () => void navigate('/sign-in', { replace: true }),
            })
          }
        >
          {t('header.sign-out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
