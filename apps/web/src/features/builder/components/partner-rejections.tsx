import { List, Text } from '@mantine/core';
import type { TCampaignPartner } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { formatListDate } from '../../../lib/format';

/**
 * Who rejected the campaign's invite, when and why (product rule R78): under the builder's "declined" warnings,
 * so a `rejected` campaign never leaves the retailer guessing. Dates in the campaign's zone, the user's language.
 */
export function PartnerRejections({ partners, timeZone }: { partners: readonly TCampaignPartner[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const rejected = partners.filter((p) => p.inviteStatus === 'REJECTED');
  if (rejected.length === 0) return null;
  return (
    <List size="sm" mt="xs" spacing={4} aria-label={t('builder.partners.status.REJECTED')}>
      {rejected.map((p) => (
        <List.Item key={p.brandId}>
          <Text span size="sm" fw={600}>
            {p.respondedAt
              ? t('builder.partners.rejections.rejected-by', { brand: p.brandName, date: formatListDate(p.respondedAt, i18n.language, timeZone) })
              : p.brandName}
          </Text>
          {': '}
          <Text span size="sm" fs={p.rejectReason ? 'italic' : undefined}>
            {p.rejectReason ? t('builder.partners.rejections.reason', { reason: p.rejectReason }) : t('builder.partners.rejections.no-reason')}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
