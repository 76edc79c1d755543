import {
  Checkbox,
  Divider,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  applyContestChange,
  isContestFlagLocked,
  type TCampaignType,
  type TContestChange,
  type TContestSettings,
} from '@rally/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Form values of the details step; number fields keep '' for "empty" as Mantine gives it. */
export interface TDetailsValues {
  maxEntriesPerUser: number | '';
  maxEntriesPerStore: number | '';
  passingGrade: number | '';
  contest: TContestSettings;
}

interface DetailsStepProps {
  campaignType: TCampaignType;
  values: TDetailsValues;
  onChange: (values: TDetailsValues) => void;
  /** A field the user has worked on: its errors show from then on. */
  onTouch: (path: string) => void;
  /** Translated messages by field path (validateMissionSettings paths). */
  errors: Record<string, string>;
  itemCount: number;
  readOnly: boolean;
}

const asNumber = (value: string | number): number | '' =>
  value === '' ? '' : typeof value === 'number' ? value : Number(value);

function EntriesFields({
  values,
  onChange,
  onTouch,
  errors,
  readOnly,
  zeroIsUnlimited,
}: Omit<DetailsStepProps, 'campaignType' | 'itemCount'> & { zeroIsUnlimited: boolean }) {
  const { t } = useTranslation();
  const hint = zeroIsUnlimited ? t('builder.wizard.entries-hint-zero') : t('builder.wizard.entries-hint');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {(
        [
          ['maxEntriesPerUser', t('builder.wizard.max-entries-user')],
          ['maxEntriesPerStore', t('builder.wizard.max-entries-store')],
        ] as const
      ).map(([field, label]) => (
        <NumberInput
          key={field}
          label={label}
          description={hint}
          placeholder={t('builder.wizard.unlimited')}
          min={0}
          allowNegative={false}
          allowDecimal={false}
          clampBehavior="none"
          value={values[field]}
          onChange={(v) => {
            onTouch(field);
            onChange({ ...values, [field]: asNumber(v) });
          }}
          error={errors[field]}
          readOnly={readOnly}
        />
      ))}
    </SimpleGrid>
  );
}

const DISPLAY_FLAGS = [
  'displayLeadersByUserInfo',
  'displayLeadersByStoreInfo',
  'displayLeadersByNumberSubmissions',
  'displayLeadersByTotalSalesAmount',
] as const;

function ContestFields(props: DetailsStepProps) {
  const { t } = useTranslation();
  const { values, onChange, onTouch, errors, readOnly } = props;
  const contest = values.contest;
  const kindLabelId = useId();
  const flagsLabelId = useId();
  const change = (c: TContestChange) => onChange({ ...values, contest: applyContestChange(contest, c) });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id={kindLabelId}>
          {t('builder.wizard.contest-type')}
        </Text>
        <SegmentedControl
          aria-labelledby={kindLabelId}
          value={contest.type}
          onChange={(v) => change({ field: 'type', value: v === 'store' ? 'store' : 'user' })}
          data={[
            { value: 'user', label: t('builder.wizard.contest-user') },
            { value: 'store', label: t('builder.wizard.contest-store') },
          ]}
          readOnly={readOnly}
          fullWidth
        />
      </Stack>

      <Fieldset legend={t('builder.wizard.leaderboard')} radius="md">
        <Stack gap="sm">
          <Switch
            label={t('builder.wizard.display-leaderboard')}
            checked={contest.displayLeaderboard}
            onChange={(e) => change({ field: 'displayLeaderboard', value: e.currentTarget.checked })}
            disabled={readOnly}
          />
          <Radio.Group
            label={t('builder.wizard.rank-by')}
            value={contest.rankLeadersBasedOn}
            onChange={(v) =>
              change({
                field: 'rankLeadersBasedOn',
                value: v === 'sales_amount' ? 'sales_amount' : 'numbers_submissions',
              })
            }
            readOnly={readOnly}
          >
            <Group gap="lg" mt={6}>
              <Radio
                value="numbers_submissions"
                label={t('builder.wizard.rank.numbers_submissions')}
                disabled={readOnly}
              />
              <Radio value="sales_amount" label={t('builder.wizard.rank.sales_amount')} disabled={readOnly} />
            </Group>
          </Radio.Group>
          <Stack gap={4} role="group" aria-labelledby={flagsLabelId}>
            <Text size="sm" fw={500} id={flagsLabelId}>
              {t('builder.wizard.display-columns')}
            </Text>
            {!contest.displayLeaderboard && (
              <Text size="xs" c="gray.7">
                {t('builder.wizard.display-columns-off')}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={4}>
              {DISPLAY_FLAGS.map((flag) => (
                <Checkbox
                  key={flag}
                  label={t(`builder.wizard.flag.${flag}`)}
                  checked={contest[flag]}
                  disabled={readOnly || isContestFlagLocked(contest, flag)}
                  onChange={(e) => change({ field: flag, value: e.currentTarget.checked })}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Stack>
      </Fieldset>

      <Fieldset legend={t('builder.wizard.rules')} radius="md">
        <Stack gap="sm">
          <Switch
            label={t('builder.wizard.rules-custom')}
            description={t('builder.wizard.rules-custom-hint')}
            checked={contest.rulesAndRegulations.useCustom}
            onChange={(e) => change({ field: 'rulesUseCustom', value: e.currentTarget.checked })}
            disabled={readOnly}
          />
          {contest.rulesAndRegulations.useCustom && (
            <TextInput
              label={t('builder.wizard.rules-url')}
              placeholder="https://"
              type="url"
              withAsterisk
              value={contest.rulesAndRegulations.customUrl}
              onChange={(e) => change({ field: 'rulesCustomUrl', value: e.currentTarget.value })}
              onBlur={() => onTouch('contest.rulesAndRegulations.customUrl')}
              error={errors['contest.rulesAndRegulations.customUrl']}
              readOnly={readOnly}
            />
          )}
        </Stack>
      </Fieldset>

      <EntriesFields {...props} zeroIsUnlimited={false} />
    </Stack>
  );
}

function LearningFields({ values, onChange, onTouch, errors, itemCount, readOnly }: DetailsStepProps) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('builder.wizard.passing-grade')}
      description={
        itemCount === 0
          ? t('builder.wizard.passing-grade-no-items')
          : t('builder.wizard.passing-grade-hint', { total: itemCount })
      }
      withAsterisk={itemCount > 0}
      min={1}
      max={itemCount}
      allowNegative={false}
      allowDecimal={false}
      clampBehavior="none"
      disabled={itemCount === 0}
      readOnly={readOnly}
      value={values.passingGrade}
      onChange={(v) => {
        onTouch('passingGrade');
        onChange({ ...values, passingGrade: asNumber(v) });
      }}
      error={errors['passingGrade']}
      rightSection={
        <Text size="sm" c="gray.7" pr="xs" aria-hidden>
          /{itemCount}
        </Text>
      }
      rightSectionWidth={48}
      rightSectionPointerEvents="none"
      hideControls
      maw={260}
    />
  );
}

/** Step 2: the mission's settings inside this campaign, by campaign type (product rules R21–R24). */
export function DetailsStep(props: DetailsStepProps) {
  const { t } = useTranslation();
  switch (props.campaignType) {
    case 'contest':
      return <ContestFields {...props} />;
    case 'learning':
      return <LearningFields {...props} />;
    case 'general':
      return <EntriesFields {...props} zeroIsUnlimited />;
    case 'consumer':
      return (
        <Stack gap="xs">
          <Divider />
          <Text size="sm">{t('builder.wizard.consumer-forced')}</Text>
        </Stack>
      );
  }
}
