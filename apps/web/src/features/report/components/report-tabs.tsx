import { Suspense, lazy, type ReactNode } from 'react';
import { Skeleton, Stack, Tabs } from '@mantine/core';
import { IconChartBar, IconTrophy } from '@tabler/icons-react';
import type { TCampaign } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const LeaderboardTab = lazy(() => import('./leaderboard-tab').then((m) => ({ default: m.LeaderboardTab })));

/**
 * Contest campaigns get a Leaderboard tab beside the figures; other campaigns show the figures alone.
 * canAssign: the user may assign prizes (it changes a reward: the server checks reward:update).
 */
export function ReportTabs({ campaign, canAssign, children }: { campaign: TCampaign; canAssign: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const overview = <Stack gap="lg">{children}</Stack>;
  const [params, setParams] = useSearchParams();
  if (campaign.type !== 'contest') return overview;
  const tab = params.get('tab') === 'leaderboard' ? 'leaderboard' : 'overview';
  return (
    <Tabs
      value={tab}
      onChange={(next) =>
        setParams(
          (p) => {
            if (next === 'leaderboard') p.set('tab', 'leaderboard');
            else p.delete('tab');
            return p;
          },
          { replace: true },
        )
      }
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="overview" leftSection={<IconChartBar size={16} aria-hidden />}>
          {t('report.tabs.overview')}
        </Tabs.Tab>
        <Tabs.Tab value="leaderboard" leftSection={<IconTrophy size={16} aria-hidden />}>
          {t('report.tabs.leaderboard')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="overview">{overview}</Tabs.Panel>
      <Tabs.Panel value="leaderboard">
        <Suspense fallback={<Skeleton height={300} radius="md" />}>
          <LeaderboardTab campaign={campaign} canAssign={canAssign} />
        </Suspense>
      </Tabs.Panel>
    </Tabs>
  );
}
