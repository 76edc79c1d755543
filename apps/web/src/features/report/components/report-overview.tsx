import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_TIME_ZONE, isValidTimeZone, type TCampaign } from '@rally/domain';
import { formatScheduleDate } from '../../../lib/format';
import { useTranslation } from 'react-i18next';
import { ReachTiles, countryName } from '../../reach';

function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {term}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** Start and end as YYYY-MM-DD HH:mm in the campaign's own zone (product rules R2, R47), whatever the browser's zone. */
export function ScheduleCard({ campaign }: { campaign: TCampaign }) {
  const { t, i18n } = useTranslation();
  // formatZoned throws on a zone Intl does not know; an old row must not take the page down.
  const zone = isValidTimeZone(campaign.timeZone) ? campaign.timeZone : DEFAULT_TIME_ZONE;
  return (
    <Paper withBorder radius="lg" p="lg" h="100%" component="section" aria-labelledby="report-schedule-heading">
      <Title order={2} fz="h4" mb="md" id="report-schedule-heading">
        {t('report.schedule.title')}
      </Title>
      <Stack component="dl" gap="sm" m={0}>
        <Entry term={t('report.schedule.start')}>
          {campaign.startDate === null ? t('report.schedule.not-set') : formatScheduleDate(campaign.startDate, zone, i18n.language)}
        </Entry>
        <Entry term={t('report.schedule.end')}>
          {campaign.endDate === null ? t('report.schedule.no-end') : formatScheduleDate(campaign.endDate, zone, i18n.language)}
        </Entry>
        <Entry term={t('report.schedule.time-zone')}>{zone}</Entry>
      </Stack>
    </Paper>
  );
}

function SelectedCountries({ campaign }: { campaign: TCampaign }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const codes =
    campaign.scope.selectedCountries.length > 0
      ? campaign.scope.selectedCountries.map((c) => c.code)
      : campaign.scope.countryCodes;
  const collator = new Intl.Collator(lang);
  const names = [...new Set(codes)]
    .map((code) => ({ code, name: countryName(code, lang) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  if (names.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('report.reach.no-countries')}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs" id="report-countries-label">
        {t('report.reach.countries')} · {t('report.reach.countries-count', { count: names.length })}
      </Text>
      <Group gap={6} component="ul" aria-labelledby="report-countries-label" m={0} p={0} style={{ listStyle: 'none' }}>
        {names.map(({ code, name }) => (
          <Badge
            key={code}
            component="li"
            variant="light"
            color="gray"
            radius="sm"
            tt="none"
            size="lg"
            fw={500}
            c="gray.9"
          >
            {name}
          </Badge>
        ))}
      </Group>
    </>
  );
}

/** Who the campaign reaches: the groups, stores and users counted at launch, or a consumer campaign's countries. */
export function ReachCard({ campaign }: { campaign: TCampaign }) {
  const { t } = useTranslation();
  const reach = campaign.kpi.reach;
  const { scope } = campaign;
  return (
    <Paper withBorder radius="lg" p="lg" h="100%" component="section" aria-labelledby="report-reach-heading">
      <Title order={2} fz="h4" mb="md" id="report-reach-heading">
        {t('report.reach.title')}
      </Title>
      {campaign.type === 'consumer' ? (
        <SelectedCountries campaign={campaign} />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {scope.type === 'all'
              ? t('report.reach.scope-all')
              : t(`report.reach.scope-${scope.type}`, { count: scope.pks.length })}
          </Text>
          {/* Figures stored at launch: nothing to update or retry. */}
          <ReachTiles state={{ reach, current: reach, updating: false, error: null, retry: () => undefined }} />
        </>
      )}
    </Paper>
  );
}
