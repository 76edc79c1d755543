import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TReportEnding } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useBrandCurrency } from '../../../app/session';
import { formatMoney, formatScheduleDate } from '../../../lib/format';

/**
 * An ended campaign's ending (issue 29): when, why (by whom, at its end date, codes or budget ran out) and, from the
 * ledgers, what each payer — the brand, and a shared contest's partners — paid in and got back.
 */
export function EndingCard({ ending, timeZone }: { ending: TReportEnding; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const currency = useBrandCurrency();
  const money = (cents: number) => formatMoney(cents, i18n.language, currency);
  const when = ending.endedAt === null ? null : formatScheduleDate(ending.endedAt, timeZone, i18n.language);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="report-ending" data-testid="report-ending">
      <Stack gap="sm">
        <Title order={2} fz="md" id="report-ending">
          {t('report.ending.title')}
        </Title>
        <Text size="sm" data-testid="report-ending-why">
          {ending.reason === 'ended_by_user' && ending.endedBy
            ? t('report.ending.by-user', { name: ending.endedBy, when: when ?? '—' })
            : t(`report.ending.reason.${ending.reason}`, { when: when ?? '—' })}
        </Text>
        {ending.payers.length > 0 ? (
          <Table withTableBorder striped data-testid="report-ending-payers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('report.ending.payer')}</Table.Th>
                <Table.Th ta="right">{t('report.ending.paid')}</Table.Th>
                <Table.Th ta="right">{t('report.ending.refunded')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ending.payers.map((p) => (
                <Table.Tr key={p.brandId}>
                  <Table.Td>{p.own ? t('report.ending.own', { name: p.name }) : p.name}</Table.Td>
                  <Table.Td ta="right">{money(p.paidCents)}</Table.Td>
                  <Table.Td ta="right">{money(p.refundedCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="gray.7">
            {t('report.ending.no-money')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
