import { ActionIcon, Button, Group, Loader, MultiSelect, Paper, Stack, Switch, Text } from '@mantine/core';
import { LIMITS } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import type { TDynamicRowForm, TSoldItem } from '../lib/reward-form';
import { MoneyInput } from './money-input';

interface DynamicCashProps {
  active: boolean;
  rows: TDynamicRowForm[];
  soldItems: TSoldItem[];
  hasItemSoldMissions: boolean;
  loading: boolean;
  /** paths: the fields the change touched, so their rule messages show. */
  onChange: (patch: { dynamicActive?: boolean; dynamicRows: TDynamicRowForm[] }, paths: string[]) => void;
  errors: Record<string, string>;
}

const rowPath = (i: number, field: 'amountCents' | 'itemsId') => `dynamicAmounts.${i}.${field}`;

/** Dynamic cash (product rule R34): up to 3 rows, each an amount paid for selling any of its items. */
export function DynamicCash({ active, rows, soldItems, hasItemSoldMissions, loading, onChange, errors }: DynamicCashProps) {
  const { t } = useTranslation();
  const names = new Map(soldItems.map((item) => [item.id, item.title]));

  const setRow = (i: number, row: TDynamicRowForm, path: string) =>
    onChange({ dynamicRows: rows.map((r, j) => (j === i ? row : r)) }, [path, 'dynamicAmounts']);

  return (
    <Stack gap="sm">
      <Switch
        label={t('rewards.dynamic.label')}
        description={hasItemSoldMissions ? t('rewards.dynamic.hint') : t('rewards.dynamic.no-items')}
        checked={active}
        disabled={!active && !hasItemSoldMissions}
        // On: one row with amount 0; off: rows cleared (product rule R34).
        onChange={(e) =>
          onChange(
            e.currentTarget.checked
              ? { dynamicActive: true, dynamicRows: [{ amount: '0', itemsId: [], itemsName: [] }] }
              : { dynamicActive: false, dynamicRows: [] },
            ['dynamicAmounts'],
          )
        }
      />
      {active && (
        <Stack gap="sm" data-testid="dynamic-rows">
          {loading && <Loader size="sm" aria-label={t('rewards.dynamic.loading')} />}
          {rows.map((row, i) => {
            const usedElsewhere = new Set(rows.flatMap((r, j) => (j === i ? [] : r.itemsId)));
            const data = soldItems.map((item) => ({
              value: String(item.id),
              label: item.title,
              disabled: usedElsewhere.has(item.id),
            }));
            // Items saved earlier but no longer loaded still show as chosen.
            for (const [k, id] of row.itemsId.entries()) {
              if (!names.has(id)) data.push({ value: String(id), label: row.itemsName[k] ?? String(id), disabled: false });
            }
            const n = i + 1;
            return (
              <Paper key={i} withBorder p="sm" data-testid="dynamic-row">
                <Group align="flex-start" wrap="nowrap" gap="sm">
                  <MoneyInput
                    label={t('rewards.dynamic.amount', { n })}
                    value={row.amount}
                    onChange={(amount) => setRow(i, { ...row, amount }, rowPath(i, 'amountCents'))}
                    error={errors[rowPath(i, 'amountCents')]}
                    required
                    w={140}
                  />
                  <MultiSelect
                    label={t('rewards.dynamic.items', { n })}
                    placeholder={row.itemsId.length === 0 ? t('rewards.dynamic.items-placeholder') : undefined}
                    data={data}
                    value={row.itemsId.map(String)}
                    onChange={(values) => {
                      const itemsId = values.map(Number);
                      const itemsName = itemsId.map((id) => names.get(id) ?? row.itemsName[row.itemsId.indexOf(id)] ?? String(id));
                      setRow(i, { ...row, itemsId, itemsName }, rowPath(i, 'itemsId'));
                    }}
                    error={errors[rowPath(i, 'itemsId')]}
                    searchable
                    required
                    style={{ flex: 1 }}
                  />
                  {rows.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={26}
                      aria-label={t('rewards.dynamic.remove', { n })}
                      onClick={() => onChange({ dynamicRows: rows.filter((_, j) => j !== i) }, ['dynamicAmounts'])}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Group>
              </Paper>
            );
          })}
          {rows.length < LIMITS.dynamicAmountRows && (
            <Group>
              <Button
                variant="light"
                size="xs"
                onClick={() => onChange({ dynamicRows: [...rows, { amount: '0', itemsId: [], itemsName: [] }] }, ['dynamicAmounts'])}
              >
                {t('rewards.dynamic.add')}
              </Button>
            </Group>
          )}
          {errors['dynamicAmounts'] && (
            <Text size="xs" c="red.8" role="alert">
              {errors['dynamicAmounts']}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
