import { Paper, Stack, Text } from '@mantine/core';
import type { TRewardRead } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { rewardTitle } from '../../../lib/reward-title';
import { ZonedDateTimeField } from './zoned-date-time-field';

interface RewardEndDatesProps {
  rewards: TRewardRead[];
  /** Each reward's expiry as shown, by id. */
  values: Record<number, string>;
  onChange: (rewardId: number, text: string) => void;
  /** The campaign end when set (codes must outlive the campaign), else today. */
  minDate: string;
  timeZone: string;
  errors: Record<string, string>;
}

/** Code rewards (gift card, free product, discount) each need an expiry for their codes (product rule R12). */
export function RewardEndDates({ rewards, values, onChange, minDate, timeZone, errors }: RewardEndDatesProps) {
  const { t } = useTranslation();
  if (rewards.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="launch-reward-ends">
      <Text fw={600} size="sm" id="launch-reward-ends">
        {t('launch.rewards.title')}
      </Text>
      <Text size="xs" c="gray.7">
        {t('launch.rewards.hint', { zone: timeZone.replace(/_/g, ' ') })}
      </Text>
      {rewards.map((reward) => {
        const title = rewardTitle(reward, t);
        return (
          <Paper key={reward.id} withBorder radius="md" p="sm" data-testid="reward-end-date">
            <ZonedDateTimeField
              label={t('launch.rewards.expires', { title })}
              description={t(`builder.reward-type.${reward.type}`)}
              value={values[reward.id] ?? ''}
              onChange={(text) => onChange(reward.id, text)}
              minDate={minDate}
              error={errors[`rewards.${reward.id}.endDate`]}
              required
            />
          </Paper>
        );
      })}
    </Stack>
  );
}
