import { Badge } from '@mantine/core';
import type { TStoreStatus } from '@rally/domain';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TStoreStatus, string> = {
  approved: 'teal',
  pending: 'yellow',
  rejected: 'red',
  inactive: 'gray',
};

/** A store's or a group's approval status; groups take their own (grammatical) labels. */
export function StoreStatusBadge({ status, of = 'store' }: { status: TStoreStatus; of?: 'store' | 'group' }) {
  const { t } = useTranslation();
  return (
    // The dot variant carries the colour in the dot and keeps the label dark, so it meets AA contrast for every status.
    <Badge variant="dot" color={COLORS[status]} radius="sm" style={{ minWidth: 'max-content' }}>
      {of === 'store' ? t(`stores.badge.${status}`) : t(`stores.groups.status.${status}`)}
    </Badge>
  );
}
