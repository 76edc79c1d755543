import { Button, Group, Loader, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore, IconRefresh, IconUsers, IconUsersGroup, type Icon } from '@tabler/icons-react';
import type { TReach } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import type { TReachState } from '../api/reach-api';

const TILES: { key: keyof TReach; icon: Icon }[] = [
  { key: 'groups', icon: IconUsersGroup },
  { key: 'stores', icon: IconBuildingStore },
  { key: 'users', icon: IconUsers },
];

/** The KPI tiles of a reach step: groups, stores and users the selection reaches. */
export function ReachTiles({ state }: { state: TReachState }) {
  const { t, i18n } = useTranslation();
  const { reach, updating, error } = state;
  return (
    <div role="group" aria-label={t('reach.tiles.label')} aria-busy={updating || undefined}>
      <SimpleGrid cols={3} spacing="sm">
        {TILES.map(({ key, icon: TileIcon }) => (
          <Paper key={key} withBorder radius="md" p="sm">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                <TileIcon size={20} />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t(`reach.tiles.${key}`)}
                </Text>
                {/* Until the first figures arrive there is nothing to show: a placeholder, never a zero. */}
                {reach ? (
                  <Group gap={6} wrap="nowrap">
                    <Text fz="xl" fw={700} lh={1.2} style={{ opacity: updating ? 0.55 : 1 }}>
                      {formatNumber(reach[key], i18n.language)}
                    </Text>
                    {updating && <Loader size={12} aria-hidden />}
                  </Group>
                ) : (
                  <Skeleton height={22} width={56} mt={4} radius="sm" />
                )}
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      {/* Always rendered, so screen readers hear the change and the layout does not jump. */}
      <Text size="xs" c="dimmed" mt={4} mih="1.5em" aria-live="polite">
        {updating ? t('reach.tiles.updating') : ''}
      </Text>
      {error !== null && (
        <Group gap="xs" mt="xs" role="alert">
          <Text size="sm" c="red">
            {t('reach.tiles.failed')}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={state.retry}
          >
            {t('reach.tiles.retry')}
          </Button>
        </Group>
      )}
    </div>
  );
}
