import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatZonedDate } from '../../../lib/format';

interface CampaignDateProps {
  epochSeconds: number | null;
  /** The campaign's own zone: start, end and created are all shown in it, labelled. */
  timeZone: string;
}

/**
 * A date cell: readable in the chosen language, in the campaign's zone with its label (so a row
 * never mixes zones), with the exact spec-format time and the zone's name on hover/focus.
 */
export function CampaignDate({ epochSeconds, timeZone }: CampaignDateProps) {
  const { t, i18n } = useTranslation();
  if (epochSeconds === null) {
    return (
      <Text size="sm" c="dimmed" aria-label={t('campaign.list.no-date-label')}>
        {t('campaign.list.no-date')}
      </Text>
    );
  }
  const text = formatZonedDate(epochSeconds, timeZone, i18n.language);
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
