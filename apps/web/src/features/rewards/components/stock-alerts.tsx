import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { normalizeMoney, type TStockAlerts } from '@rally/domain';
import { useBrandCurrency } from '../../../app/session';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { fetchStockAlerts, saveStockAlerts } from '../api/rewards-api';
import { MoneyInput } from './money-input';

interface StockAlertsProps {
  campaignId: number;
  rewardId: number;
  /** Which thresholds the reward has: codes (a code pool), budget (a money budget), or both (a gift card). */
  codes: boolean;
  budget: boolean;
}

const stockAlertsKey = (campaignId: number, rewardId: number) => ['rewards', 'stock-alerts', campaignId, rewardId] as const;
const centsText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/**
 * Low-stock alerts of a saved reward (decision 0031): mail to the owners and admins, and the codes.low / budget.low
 * webhook, once each time the pool or the budget falls under the threshold. An empty field turns an alert off.
 */
export function StockAlerts(props: StockAlertsProps) {
  const { campaignId, rewardId } = props;
  const query = useQuery({ queryKey: stockAlertsKey(campaignId, rewardId), queryFn: ({ signal }) => fetchStockAlerts(campaignId, rewardId, signal) });
  // The form starts from what is saved once loaded; a save's answer (the query's data) updates what is left shown.
  if (!query.data) return null;
  return <StockAlertsForm key={rewardId} {...props} saved={query.data} />;
}

function StockAlertsForm({ campaignId, rewardId, codes, budget, saved }: StockAlertsProps & { saved: TStockAlerts }) {
  const { t, i18n } = useTranslation();
  const currency = useBrandCurrency();
  const queryClient = useQueryClient();
  const [codesBelow, setCodesBelow] = useState<number | string>(saved.codesBelow ?? '');
  const [budgetBelow, setBudgetBelow] = useState(centsText(saved.budgetBelowCents));
  const [justSaved, setJustSaved] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      saveStockAlerts(campaignId, rewardId, {
        codesBelow: codes && codesBelow !== '' ? Number(codesBelow) : null,
        budgetBelowCents: budget && budgetBelow !== '' ? normalizeMoney(budgetBelow) : null,
      }),
    onSuccess: (data: TStockAlerts) => {
      setJustSaved(true);
      queryClient.setQueryData(stockAlertsKey(campaignId, rewardId), data);
    },
  });
  const data = saved;
  return (
    <Stack gap={6} role="group" aria-label={t('rewards.alerts.title')}>
      <Text size="sm" fw={500}>
        {t('rewards.alerts.title')}
      </Text>
      <Group gap="sm" align="flex-end">
        {codes && (
          <NumberInput label={t('rewards.alerts.codes')} value={codesBelow} onChange={setCodesBelow} min={1} allowDecimal={false} w={220} />
        )}
        {budget && <MoneyInput label={t('rewards.alerts.budget')} value={budgetBelow} onChange={setBudgetBelow} w={220} />}
        <Button variant="light" leftSection={<IconBell size={16} aria-hidden />} onClick={() => save.mutate()} loading={save.isPending}>
          {t('rewards.alerts.save')}
        </Button>
      </Group>
      <Text size="xs" c="gray.7">
        {t('rewards.alerts.hint')}
      </Text>
      <Text size="sm" data-testid="stock-left" c={data.codesLow || data.budgetLow ? 'red.8' : undefined}>
        {[
          codes && data.codesLeft !== null ? t(data.codesLow ? 'rewards.alerts.codes-left-low' : 'rewards.alerts.codes-left', { count: data.codesLeft }) : null,
          budget && data.budgetLeftCents !== null
            ? t(data.budgetLow ? 'rewards.alerts.budget-left-low' : 'rewards.alerts.budget-left', { amount: formatMoney(data.budgetLeftCents, i18n.language, currency) })
            : null,
        ]
          .filter(Boolean)
          .join(' ')}
      </Text>
      {justSaved && (
        <Text size="sm" role="status">
          {t('rewards.alerts.saved')}
        </Text>
      )}
      {save.error && (
        <Text size="xs" c="red.8" role="alert">
          {errorMessage(t, save.error)}
        </Text>
      )}
    </Stack>
  );
}
