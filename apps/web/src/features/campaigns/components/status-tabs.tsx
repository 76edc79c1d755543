import { Badge, Tabs } from '@mantine/core';
import { CAMPAIGN_STATUSES, type TCampaignStatus, type TStatusSummary } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

export type TStatusTab = 'all' | TCampaignStatus;
const TABS: readonly TStatusTab[] = ['all', ...CAMPAIGN_STATUSES];

interface StatusTabsProps {
  value: TStatusTab;
  onChange: (tab: TStatusTab) => void;
  summary: TStatusSummary | undefined;
}

function isStatusTab(value: string | null): value is TStatusTab {
  return value !== null && (TABS as readonly string[]).includes(value);
}

export function StatusTabs({ value, onChange, summary }: StatusTabsProps) {
  const { t, i18n } = useTranslation();
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        if (isStatusTab(next)) onChange(next);
      }}
      activateTabWithKeyboard
    >
      <Tabs.List aria-label={t('campaign.list.status-tabs')}>
        {TABS.map((tab) => {
          const label = t(`campaign.status.${tab}`);
          const count = summary ? formatNumber(summary[tab], i18n.language) : null;
          return (
            <Tabs.Tab key={tab} value={tab}>
              {/* Label, a real space and the count: "Draft 3" is both what is seen and the tab's accessible name. */}
              {label}
              {count !== null && (
                <>
                  {' '}
                  <Badge size="sm" variant={tab === value ? 'filled' : 'light'} color="gray" circle={false} ml={4}>
                    {count}
                  </Badge>
                </>
              )}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}
