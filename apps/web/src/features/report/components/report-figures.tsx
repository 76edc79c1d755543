import { Suspense, lazy, type ReactNode } from 'react';
import {
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconBuildingStore, IconChecklist, IconCoin, IconGift, IconUsers, type Icon } from '@tabler/icons-react';
import type { TCampaignReport, TReportDay, TReportTotals } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import { useBrandCurrency } from '../../../app/session';
import { formatReportDay } from '../lib/format-day';

// recharts is the heaviest part of the page; it loads after the figures are on screen.
const DailyChart = lazy(() => import('./daily-chart'));
const CHART_HEIGHT = 240;

type TTileKey = 'completions' | 'participants' | 'storesActive' | 'rewardsUnlocked' | 'amountPaidCents';
const TOTALS: { key: TTileKey; icon: Icon }[] = [
  { key: 'completions', icon: IconChecklist },
  { key: 'participants', icon: IconUsers },
  { key: 'storesActive', icon: IconBuildingStore },
  { key: 'rewardsUnlocked', icon: IconGift },
  { key: 'amountPaidCents', icon: IconCoin },
];

export function TotalsTiles({ totals }: { totals: TReportTotals }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const currency = useBrandCurrency();
  return (
    <section aria-label={t('report.totals.label')}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {TOTALS.map(({ key, icon: TileIcon }) => (
          <Paper key={key} withBorder radius="md" p="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                <TileIcon size={20} />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} id={`report-total-${key}`}>
                  {t(`report.totals.${key}`)}
                </Text>
                <Text fz="xl" fw={700} lh={1.2} aria-labelledby={`report-total-${key}`}>
                  {key === 'amountPaidCents' ? formatMoney(totals[key], lang, currency) : formatNumber(totals[key], lang)}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}

export function DailySection({ days }: { days: TReportDay[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="report-daily-heading">
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2} fz="h4" id="report-daily-heading">
          {t('report.daily.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('report.daily.range', {
            first: formatReportDay(first.date, lang),
            last: formatReportDay(last.date, lang),
          })}
        </Text>
      </Group>
      <Suspense fallback={<Skeleton height={CHART_HEIGHT} radius="md" />}>
        <DailyChart days={days} height={CHART_HEIGHT} />
      </Suspense>
      {/* The chart's figures for screen readers. */}
      <VisuallyHidden>
        <table>
          <caption>{t('report.daily.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('report.daily.date')}</th>
              <th scope="col">{t('report.daily.completions')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatReportDay(d.date, lang)}</th>
                <td>{formatNumber(d.completions, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function MissionsTable({ report }: { report: TCampaignReport }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const total = report.totals.completions;
  return (
    <Section id="report-missions-heading" title={t('report.missions.title')}>
      {report.missions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('report.missions.none')}
        </Text>
      ) : (
        <Table aria-labelledby="report-missions-heading" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('report.missions.mission')}</Table.Th>
              <Table.Th ta="right">{t('report.missions.completions')}</Table.Th>
              <Table.Th w="30%">{t('report.missions.share')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.missions.map((m) => {
              const share = total === 0 ? 0 : (m.completions / total) * 100;
              return (
                <Table.Tr key={m.campaignMissionId}>
                  <Table.Td>{m.title.trim() === '' ? t('report.missions.untitled') : m.title}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatNumber(m.completions, lang)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress value={share} size="sm" radius="xl" style={{ flex: 1 }} aria-hidden />
                      <Text size="sm" w={48} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatPercent(share, lang)}
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

export function RewardsTable({ report }: { report: TCampaignReport }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const currency = useBrandCurrency();
  return (
    <Section id="report-rewards-heading" title={t('report.rewards.title')}>
      {report.rewards.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('report.rewards.none')}
        </Text>
      ) : (
        <Table aria-labelledby="report-rewards-heading" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('report.rewards.reward')}</Table.Th>
              <Table.Th>{t('report.rewards.type')}</Table.Th>
              <Table.Th ta="right">{t('report.rewards.unlocked')}</Table.Th>
              <Table.Th ta="right">{t('report.rewards.left')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rewards.map((r) => (
              <Table.Tr key={r.rewardId}>
                <Table.Td>{r.title.trim() === '' ? t(`rewards.type.${r.type}`) : r.title}</Table.Td>
                <Table.Td>{t(`rewards.type.${r.type}`)}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatNumber(r.unlocked, lang)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {r.codesLeft != null
                    ? t('report.rewards.codes-left', { count: r.codesLeft, value: formatNumber(r.codesLeft, lang) })
                    : r.budgetLeftCents != null
                      ? t('report.rewards.budget-left', { value: formatMoney(r.budgetLeftCents, lang, currency) })
                      : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
