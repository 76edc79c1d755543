import { Checkbox, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { budgetGivesBack, LIMITS, moneyRewardTitle, normalizeMoney, type TMediaResult } from '@rally/domain';
import { useBrandCurrency } from '../../../app/session';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from 'react-i18next';
import { MediaUpload } from '../../../components/media-upload/media-upload';
import type { TRewardForm, TSoldItem, TUploadedCodes } from '../lib/reward-form';
import { CodesUpload } from './codes-upload';
import { DynamicCash } from './dynamic-cash';
import { MoneyInput } from './money-input';
import { StockAlerts } from './stock-alerts';

interface DetailsStepProps {
  form: TRewardForm;
  onChange: (patch: Partial<TRewardForm>, path: string | string[]) => void;
  errors: Record<string, string>;
  paymentPlan: 'prepaid' | 'postpaid';
  rewardId?: number | undefined;
  /**
   * The campaign of a saved reward the brand manages itself (not a partner's fill): its codes may be generated and its
   * low-stock alerts set.
   */
  generateIn?: number | undefined;
  /** Offers the export of the reward's saved codes (see CodesUpload). */
  codesExport?: { timeZone?: string | undefined } | undefined;
  /** The campaign's sold items, for dynamic cash (money). */
  sold?: { items: TSoldItem[]; hasItemSoldMissions: boolean; loading: boolean } | undefined;
  /** What was already paid into this reward's budget (editing a money reward): a lower budget gives the rest back. */
  paidCents?: number | undefined;
}

const counter = (text: string, max: number) => `${text.length}/${max}`;

/** The fields of the chosen type (product rules R33–R36), with the rules' messages under them. */
export function DetailsStep({ form, onChange, errors, paymentPlan, rewardId, generateIn, codesExport, sold, paidCents = 0 }: DetailsStepProps) {
  const { t, i18n } = useTranslation();
  const currency = useBrandCurrency();
  const err = (path: string) => errors[path];
  const money = (cents: number) => formatMoney(cents, i18n.language, currency);

  if (form.type === 'money') {
    return (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {!form.dynamicActive && (
            <MoneyInput
              label={t('rewards.details.amount')}
              description={t('rewards.details.amount-hint')}
              value={form.amount}
              onChange={(amount) => {
                // The title follows the amount ("$25 cash", the domain's default) until the creator writes their own.
                const before = normalizeMoney(form.amount);
                const after = normalizeMoney(amount);
                const automatic = form.title === '' || (before !== null && form.title === moneyRewardTitle(before, currency));
                onChange(automatic && after ? { amount, title: moneyRewardTitle(after, currency) } : { amount }, 'amount');
              }}
              error={err('amount')}
              required
            />
          )}
          <MoneyInput
            label={t('rewards.details.budget')}
            description={
              paymentPlan === 'prepaid'
                ? t(form.dynamicActive ? 'rewards.details.budget-hint-dynamic' : 'rewards.details.budget-hint')
                : t('rewards.details.budget-optional')
            }
            value={form.budget}
            onChange={(budget) => onChange({ budget }, 'budget')}
            error={err('budget')}
            required={paymentPlan === 'prepaid'}
          />
        </SimpleGrid>
        {/* Issue 29: the paid part of the budget, and what saving a lower one gives back at once. */}
        {paidCents > 0 && (
          <Text size="sm" c="gray.8" data-testid="reward-budget-paid">
            {t('rewards.details.budget-paid', { paid: money(paidCents) })}
            {budgetGivesBack(paidCents, normalizeMoney(form.budget)) > 0 &&
              ` ${t('rewards.details.budget-gives-back', { amount: money(budgetGivesBack(paidCents, normalizeMoney(form.budget))) })}`}
          </Text>
        )}
        <DynamicCash
          active={form.dynamicActive}
          rows={form.dynamicRows}
          soldItems={sold?.items ?? []}
          hasItemSoldMissions={sold?.hasItemSoldMissions ?? false}
          loading={sold?.loading ?? false}
          onChange={(patch, paths) => onChange(patch, paths)}
          errors={errors}
        />
        {generateIn !== undefined && rewardId !== undefined && <StockAlerts campaignId={generateIn} rewardId={rewardId} codes={false} budget />}
      </Stack>
    );
  }

  const textFields = (
    <>
      <TextInput
        label={t('rewards.details.title')}
        value={form.title}
        maxLength={LIMITS.rewardTitle}
        onChange={(e) => onChange({ title: e.currentTarget.value }, 'title')}
        description={counter(form.title, LIMITS.rewardTitle)}
        error={err('title')}
        required
      />
      <Textarea
        label={t('rewards.details.description')}
        value={form.description}
        maxLength={LIMITS.rewardDescription}
        autosize
        minRows={2}
        onChange={(e) => onChange({ description: e.currentTarget.value }, 'description')}
        description={counter(form.description, LIMITS.rewardDescription)}
        error={err('description')}
        required
      />
    </>
  );

  const finePrint = (
    <Stack gap={6}>
      <Textarea
        label={t('rewards.details.fine-print')}
        value={form.finePrint}
        maxLength={LIMITS.finePrint}
        autosize
        minRows={2}
        disabled={form.noFinePrint}
        onChange={(e) => onChange({ finePrint: e.currentTarget.value }, 'finePrint')}
        description={counter(form.finePrint, LIMITS.finePrint)}
        error={err('finePrint')}
      />
      <Checkbox
        label={t('rewards.details.no-fine-print')}
        checked={form.noFinePrint}
        onChange={(e) =>
          // "No fine print" clears the text (product rule R33).
          onChange(e.currentTarget.checked ? { noFinePrint: true, finePrint: '' } : { noFinePrint: false }, 'finePrint')
        }
      />
    </Stack>
  );

  if (form.type === 'prize') {
    return (
      <Stack gap="md">
        {textFields}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <MoneyInput
            label={t('rewards.details.value')}
            value={form.value}
            onChange={(value) => onChange({ value }, 'value')}
            error={err('value')}
            required
          />
          <NumberInput
            label={t('rewards.details.total-available')}
            value={form.totalAvailable}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            onChange={(v) => onChange({ totalAvailable: String(v) }, 'totalAvailable')}
            error={err('totalAvailable')}
            required
          />
        </SimpleGrid>
        <Stack gap={4}>
          <MediaUpload
            label={t('rewards.details.image')}
            accept="image"
            value={form.media}
            onChange={(media: TMediaResult | null) => onChange({ media }, 'imageUrl')}
          />
          {err('imageUrl') && (
            <TextError>{err('imageUrl')}</TextError>
          )}
        </Stack>
        {finePrint}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {textFields}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {form.type === 'discount' && (
          <NumberInput
            label={t('rewards.details.percentage')}
            value={form.percentageDiscount}
            min={1}
            max={100}
            suffix="%"
            allowDecimal={false}
            allowNegative={false}
            onChange={(v) => onChange({ percentageDiscount: String(v) }, 'percentageDiscount')}
            error={err('percentageDiscount')}
            required
          />
        )}
        {form.type === 'gift_card' && (
          <MoneyInput
            label={t('rewards.details.gift-amount')}
            value={form.amount}
            onChange={(amount) => onChange({ amount }, 'amount')}
            error={err('amount')}
            required
          />
        )}
      </SimpleGrid>
      <TextInput
        label={t('rewards.details.link')}
        placeholder="https://"
        type="url"
        value={form.linkToShop}
        onChange={(e) => onChange({ linkToShop: e.currentTarget.value }, 'linkToShop')}
        error={err('linkToShop')}
        required
      />
      <CodesUpload
        value={form.uploaded}
        existingCodes={form.existingCodes}
        rewardId={rewardId}
        onChange={(uploaded: TUploadedCodes) => onChange({ uploaded }, 'uploadedCodes')}
        error={err('uploadedCodes')}
        codesExport={codesExport}
        generate={
          generateIn === undefined
            ? undefined
            : { campaignId: generateIn, onGenerated: (added) => onChange({ existingCodes: form.existingCodes + added }, 'uploadedCodes') }
        }
      />
      {generateIn !== undefined && rewardId !== undefined && (
        <StockAlerts campaignId={generateIn} rewardId={rewardId} codes budget={form.type === 'gift_card'} />
      )}
      {finePrint}
    </Stack>
  );
}

function TextError({ children }: { children: string | undefined }) {
  return (
    <Stack gap={0}>
      <span style={{ color: 'var(--mantine-color-red-8)', fontSize: 'var(--mantine-font-size-xs)' }} role="alert">
        {children}
      </span>
    </Stack>
  );
}
