import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import type { TBudgetStatus } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';

interface BudgetPanelProps {
  status: TBudgetStatus;
  paying: boolean;
  /** A failed payment, already explained in words. */
  failure: string | null;
  onPay: () => void;
  /** The brand's currency (ISO 4217). */
  currency: string;
}

/**
 * A launch now on a prepaid plan pays money rewards' budgets first (product rule R15): from the wallet when
 * it covers what is due; otherwise the payment form opens with what is missing, then the budget is paid.
 */
export function BudgetPanel({ status, paying, failure, onPay, currency }: BudgetPanelProps) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language, currency);
  const covered = status.walletBalance >= status.due;
  const owing = status.rewards.filter((r) => r.due > 0);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="launch-budget-title"
      data-testid="budget-panel"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconWallet size={20} aria-hidden />
          <Title order={3} fz="md" id="launch-budget-title">
            {t('launch.budget.title')}
          </Title>
        </Group>
        <Text size="sm">{t('launch.budget.intro')}</Text>
        {/* Paid at an earlier visit is held, not lost: it comes back on a cut or a delete (issue 29). */}
        {(status.money?.heldCents ?? 0) > 0 && (
          <Text size="sm" data-testid="budget-held">
            {t('launch.budget.held', { amount: money(status.money!.heldCents) })}
          </Text>
        )}
        {owing.length > 0 && (
          <List size="sm" spacing={2}>
            {owing.map((r) => (
              <List.Item key={r.rewardId}>
                {t('launch.budget.reward-due', {
                  // Only money rewards carry a budget; an untitled one is named by its type.
                  title: r.title.trim() || t('launch.budget.money-reward'),
                  due: money(r.due),
                  budget: money(r.budget),
                })}
              </List.Item>
            ))}
          </List>
        )}
        <Group gap="xl">
          <Stack gap={0}>
            <Text size="xs" c="gray.7">
              {t('launch.budget.due')}
            </Text>
            <Text fw={700} data-testid="budget-due">
              {money(status.due)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="gray.7">
              {t('launch.budget.balance')}
            </Text>
            <Text fw={700} data-testid="wallet-balance">
              {money(status.walletBalance)}
            </Text>
          </Stack>
        </Group>
        {!covered && (
          <Alert color="orange" variant="light" title={t('launch.budget.short-title')} data-testid="budget-short">
            {t('launch.budget.short', {
              missing: money(status.due - status.walletBalance),
              due: money(status.due),
              balance: money(status.walletBalance),
            })}
          </Alert>
        )}
        <Group>
          {/* Short: the payment form opens with what is missing, and the budget is paid once the wallet is topped up. */}
          <Button onClick={onPay} loading={paying} leftSection={<IconWallet size={16} aria-hidden />} data-testid="budget-pay">
            {covered ? t('launch.budget.pay', { amount: money(status.due) }) : t('launch.budget.top-up-and-pay', { amount: money(status.due) })}
          </Button>
        </Group>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
