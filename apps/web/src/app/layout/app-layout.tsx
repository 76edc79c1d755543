import { Suspense } from 'react';
import { AppShell, Burger, Group, NavLink, ScrollArea, Stack, em } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAffiliate, IconBuildingStore, IconFileExport, IconFlag, IconHistory, IconShieldCog, IconReceipt, IconShoppingCart, IconTargetArrow, IconUsers, IconUsersGroup, IconCash, IconWallet, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPermission } from '@rally/domain';
import { Link, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { useSession } from '../session';
import { LanguageSwitcher } from '../../components/language-switcher';
import { BrandSwitcher } from './brand-switcher';
import { Logo } from './logo';
import { UserMenu } from './user-menu';

interface NavItem {
  to: string;
  labelKey: 'nav.campaigns' | 'nav.missions' | 'nav.stores' | 'nav.groups' | 'nav.exports' | 'nav.receipts' | 'nav.billing' | 'nav.payouts' | 'nav.partners' | 'nav.team' | 'nav.activity' | 'nav.sales';
  icon: Icon;
  /** Shown only to a role with this permission (the route it leads to needs it: packages/domain/src/auth/permissions.ts). */
  permission: TPermission;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/campaign', labelKey: 'nav.campaigns', icon: IconFlag, permission: 'campaign:read' },
  { to: '/mission', labelKey: 'nav.missions', icon: IconTargetArrow, permission: 'mission:read' },
  { to: '/stores', labelKey: 'nav.stores', icon: IconBuildingStore, permission: 'store:read' },
  { to: '/groups', labelKey: 'nav.groups', icon: IconUsersGroup, permission: 'store:read' },
  { to: '/exports', labelKey: 'nav.exports', icon: IconFileExport, permission: 'export:create' },
  { to: '/receipts', labelKey: 'nav.receipts', icon: IconReceipt, permission: 'campaign:read' },
  { to: '/billing', labelKey: 'nav.billing', icon: IconWallet, permission: 'wallet:read' },
  { to: '/payouts', labelKey: 'nav.payouts', icon: IconCash, permission: 'billing:read' },
  { to: '/partners', labelKey: 'nav.partners', icon: IconAffiliate, permission: 'partner:read' },
  { to: '/team', labelKey: 'nav.team', icon: IconUsers, permission: 'team:read' },
  { to: '/activity', labelKey: 'nav.activity', icon: IconHistory, permission: 'activity:read' },
  // Sales from the POS (decision 0030): batches and what they credited, read by every member like the reports.
  { to: '/sales', labelKey: 'nav.sales', icon: IconShoppingCart, permission: 'report:read' },
];

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useSession();
  const navItems = NAV_ITEMS.filter((item) => me.permissions.includes(item.permission));
  const [navOpened, nav] = useDisclosure(false);
  // Rendered in one place only (not merely hidden) so each switcher has a single accessible instance.
  const isMobile = useMediaQuery(`(max-width: ${em(767.98)})`) ?? false;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <Logo />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {!isMobile && (
              <>
                <BrandSwitcher />
                <LanguageSwitcher />
              </>
            )}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('nav.label')}>
        <AppShell.Section grow component={ScrollArea}>
          {navItems.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={t(item.labelKey)}
              leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
              active={isActive(pathname, item.to)}
              aria-current={isActive(pathname, item.to) ? 'page' : undefined}
              onClick={nav.close}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              mb={4}
            />
          ))}
          {/* Platform operators (GET /api/me isOperator) reach their area from here. */}
          {me.isOperator && (
            <NavLink
              component={Link}
              to="/operator"
              label={t('nav.operator')}
              leftSection={<IconShieldCog size={18} stroke={1.6} aria-hidden />}
              onClick={nav.close}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              mb={4}
            />
          )}
        </AppShell.Section>
        {/* On small screens the header has no room for the switchers, so they move here. */}
        {isMobile && (
          <AppShell.Section pt="sm">
            <Stack gap="xs">
              <BrandSwitcher width="100%" />
              <LanguageSwitcher width="100%" />
            </Stack>
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Suspense fallback={<FullPageLoader fullHeight={false} />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
