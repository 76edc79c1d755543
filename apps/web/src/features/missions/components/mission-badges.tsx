import { Badge, type MantineColor } from '@mantine/core';
import { missionStatusLabel, type TMissionStatus, type TMissionType } from '@rally/domain';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<ReturnType<typeof missionStatusLabel>, MantineColor> = {
  incomplete: 'orange',
  ready: 'teal',
  'in-use': 'blue',
};

// Badges clip their label when squeezed by auto-sized table columns; never shrink.
const FULL_WIDTH = { minWidth: 'max-content' } as const;

/**
 * Light badges and alert titles use shade 6-9 text on a shade 1 tint, which for orange
 * and teal fails WCAG AA contrast (3.6:1 and 4.3:1); these darker shades pass on the tint.
 */
const READABLE_TEXT: Partial<Record<MantineColor, string>> = {
  orange: '#9a3412',
  teal: '#066649',
  blue: 'var(--mantine-color-blue-9)',
  gray: 'var(--mantine-color-gray-9)',
};

export function readableText(color: MantineColor): string {
  return READABLE_TEXT[color] ?? `var(--mantine-color-${color}-9)`;
}

/** Spec §4: pending_launch is shown as "in use". */
export function MissionStatusBadge({ status }: { status: TMissionStatus }) {
  const { t } = useTranslation();
  const label = missionStatusLabel(status);
  return (
    <Badge
      color={STATUS_COLORS[label]}
      variant="light"
      radius="sm"
      style={{ ...FULL_WIDTH, color: readableText(STATUS_COLORS[label]) }}
    >
      {t(`missions.status.${label}`)}
    </Badge>
  );
}

export function MissionTypeBadge({ type }: { type: TMissionType }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="indigo" radius="sm" style={FULL_WIDTH}>
      {t(`missions.type.${type}`)}
    </Badge>
  );
}
