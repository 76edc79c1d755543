import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBrandCurrency } from '../../../app/session';
import { formatMoney } from '../../../lib/format';
import { fetchBudgetStatus } from '../../launch';

interface MoneyCardProps {
  campaignId: number;
  /** The campaign's version: every saved change may have given money back, so the card reads again. */
  version: number;
}

/**
 * What a campaign that is not live holds, by payer (issue 29): the builder says a budget paid at launch Settings is
 * paid, and that deleting the campaign or lowering a budget gives it back at once. Hidden while nothing is paid.
 */
export function MoneyCard({ campaignId, version }: MoneyCardProps) {
  const { t, i18n } = useTranslation();
  const currency = useBrandCurrency();
  const status = useQuery({
    queryKey: ['launch', 'budget-status', campaignId, 'money', version],
    queryFn: ({ signal }) => fetchBudgetStatus(campaignId, signal),
    staleTime: 0,
  });
  const money = status.data?.money;
  if (!money || money.heldCents <= 0) return null;
  const amount = (cents: number) => formatMoney(cents, i18n.language, currency);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="builder-money" data-testid="builder-money">
      <Title order={2} fz="sm" fw={650} tt="uppercase" c="gray.7" mb="sm" id="builder-money" style={{ letterSpacing: 0.4 }}>
        {t('builder.money.title')}
      </Title>
      <Stack gap={6}>
        <Text size="sm" fw={600} data-testid="builder-money-held">
          {t('builder.money.held', { amount: amount(money.heldCents) })}
        </Text>
        <List size="sm" spacing={2}>
          {money.payers.map((p) => (
            <List.Item key={p.brandId}>
              {t(p.own ? 'builder.money.payer-own' : 'builder.money.payer-partner', {
                name: p.name,
                amount: amount(p.walletCents + p.invoiceCents),
              })}
            </List.Item>
          ))}
        </List>
        <Text size="xs" c="gray.7">
          {t('builder.money.gives-back')}
        </Text>
      </Stack>
    </Paper>
  );
}
