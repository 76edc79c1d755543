import { Group, Stack, Text, Title } from '@mantine/core';
import { normalizeMoney, perUserLabel, type TCampaignMission, type TRewardWizardStep } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useBrandCurrency } from '../../../app/session';
import { codeCount, conditionsInput, type TRewardForm } from '../lib/reward-form';

interface RewardInfoListProps {
  form: TRewardForm;
  steps: TRewardWizardStep[];
  /** The campaign's missions where the reward's scope is chosen (learning); absent elsewhere. */
  missions?: TCampaignMission[] | undefined;
}

/** The reward info list of the confirmation screen: entries, limit, resources, assignment (product rules R37, R38). */
export function RewardInfoList({ form, steps, missions }: RewardInfoListProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const currency = useBrandCurrency();
  const money = (text: string) => formatMoney(normalizeMoney(text) ?? 0, lang, currency);
  const c = conditionsInput(form);
  const limit = perUserLabel(c.maxPerUser, c.isUnlimited);
  const rows: { label: string; value: string; testId: string }[] = [];

  rows.push({ label: t('rewards.info.type'), value: t(`rewards.type.${form.type}`), testId: 'info-type' });
  if (form.type !== 'money' && form.title.trim()) rows.push({ label: t('rewards.info.title'), value: form.title.trim(), testId: 'info-title' });
  if (missions) {
    const mission = missions.find((m) => m.missionId === form.missionId);
    rows.push({
      label: t('rewards.info.scope'),
      value: form.scope === 'mission' && mission ? t('rewards.info.scope-mission', { mission: mission.mission.title }) : t('rewards.info.scope-campaign'),
      testId: 'info-scope',
    });
  }
  if (form.type !== 'prize') {
    rows.push({
      label: t('rewards.info.entries'),
      value: t('rewards.info.completions', { count: c.completionsToUnlock }),
      testId: 'info-entries',
    });
    rows.push({
      label: t('rewards.info.limit'),
      value: limit === 'count' ? t('rewards.info.per-user', { count: c.maxPerUser }) : t(`rewards.info.${limit}`),
      testId: 'info-limit',
    });
  }
  switch (form.type) {
    case 'money':
      if (form.dynamicActive) {
        form.dynamicRows.forEach((row, i) =>
          rows.push({
            label: t('rewards.info.dynamic-row', { n: i + 1 }),
            value: `${money(row.amount)} · ${row.itemsName.join(', ')}`,
            testId: `info-dynamic-${i + 1}`,
          }),
        );
      } else {
        rows.push({ label: t('rewards.info.amount'), value: money(form.amount), testId: 'info-amount' });
      }
      if (form.budget.trim()) rows.push({ label: t('rewards.info.budget'), value: money(form.budget), testId: 'info-budget' });
      break;
    case 'prize':
      rows.push({ label: t('rewards.info.value'), value: money(form.value), testId: 'info-value' });
      rows.push({
        label: t('rewards.info.available'),
        value: formatNumber(Number.parseInt(form.totalAvailable, 10) || 0, lang),
        testId: 'info-available',
      });
      break;
    default:
      if (form.type === 'discount') {
        rows.push({ label: t('rewards.info.percentage'), value: `${form.percentageDiscount}%`, testId: 'info-percentage' });
      }
      if (form.type === 'gift_card') rows.push({ label: t('rewards.info.amount'), value: money(form.amount), testId: 'info-amount' });
      rows.push({ label: t('rewards.info.codes'), value: formatNumber(codeCount(form), lang), testId: 'info-codes' });
  }
  if (steps.includes('assignment') && form.assignment) {
    const a = form.assignment;
    rows.push({
      label: t('rewards.info.assignment'),
      value:
        a.type === 'itemSold'
          ? t('rewards.info.items', { count: a.itemsId.length })
          : t(`rewards.info.threshold-${a.amountThresholdType ?? 'single'}`, { amount: money(a.amountThreshold) }),
      testId: 'info-assignment',
    });
  } else if (steps.includes('assignment')) {
    rows.push({ label: t('rewards.info.assignment'), value: t('rewards.assignment.none'), testId: 'info-assignment' });
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('rewards.confirm-title')}
      </Title>
      <Stack component="dl" gap={6} m={0} aria-label={t('rewards.info.label')}>
        {rows.map((row) => (
          <Group key={row.testId} justify="space-between" wrap="nowrap" data-testid={row.testId}>
            <Text component="dt" size="sm" c="gray.7">
              {row.label}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0} ta="right">
              {row.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
