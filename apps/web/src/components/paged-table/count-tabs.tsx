import { Badge, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

interface CountTabsProps<V extends string> {
  /** Names the tab list ("Store status"). */
  label: string;
  tabs: readonly V[];
  value: V;
  onChange(tab: V): void;
  tabLabel(tab: V): string;
  /** Count per tab; no badges until it has loaded. */
  counts: Record<V, number> | undefined;
}

/** Status tabs of a list, each with its count ("Pending 4" is both what is seen and the tab's name). */
export function CountTabs<V extends string>({ label, tabs, value, onChange, tabLabel, counts }: CountTabsProps<V>) {
  const { i18n } = useTranslation();
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        const tab = tabs.find((candidate) => candidate === next);
        if (tab !== undefined) onChange(tab);
      }}
      activateTabWithKeyboard
    >
      <Tabs.List aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {tabLabel(tab)}
            {counts && (
              <>
                {' '}
                <Badge size="sm" variant={tab === value ? 'filled' : 'light'} color="gray" ml={4}>
                  {formatNumber(counts[tab], i18n.language)}
                </Badge>
              </>
            )}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
