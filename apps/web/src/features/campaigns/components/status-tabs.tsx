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
            <Tabs.Tab
              key={tab}
              value={tab}
              // The count is part of the name so "Draft 3" is announced (and found by tests) as one label.
              aria-label={count === null ? label : t('campaign.list.tab-label', { status: label, count })}
              rightSection={
                count !== null && (
                  <Badge size="sm" variant={tab === value ? 'filled' : 'light'} color="gray" circle={false} aria-hidden>
                    {count}
                  </Badge>
                )
              }
            >
              {label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}
