import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatListDate } from '../../../lib/format';

interface CampaignDateProps {
  epochSeconds: number | null;
  /** The campaign's own zone for schedule dates; omitted for instants like "created". */
  timeZone?: string;
}

/** A date cell: readable in the chosen language, with the exact spec-format time on hover/focus. */
export function CampaignDate({ epochSeconds, timeZone }: CampaignDateProps) {
  const { t, i18n } = useTranslation();
  if (epochSeconds === null) {
    return (
      <Text size="sm" c="dimmed" aria-label={t('campaign.list.no-date-label')}>
        {t('campaign.list.no-date')}
      </Text>
    );
  }
  const text = formatListDate(epochSeconds, i18n.language, timeZone);
  if (timeZone === undefined) {
    return (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
    );
  }
  return (
    <Tooltip
      label={t('campaign.list.date-in-zone', {
        date: formatDateTime(epochSeconds, timeZone, i18n.language),
        timeZone,
      })}
      withArrow
    >
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} tabIndex={0}>
        {text}
      </Text>
    </Tooltip>
  );
}
