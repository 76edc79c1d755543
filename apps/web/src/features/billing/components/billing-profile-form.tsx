import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBillingProfileBody, type TBillingProfile } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrorText } from '../../../lib/field-error-text';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { billingKeys, saveBillingProfile, useBillingProfile } from '../api/billing-api';

const EMPTY = {
  legalName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  taxId: '',
  taxLabel: '',
  taxRateBasisPoints: null as number | null,
};

const toForm = (p: TBillingProfile | null) =>
  p
    ? {
        legalName: p.legalName,
        addressLine1: p.addressLine1,
        addressLine2: p.addressLine2 ?? '',
        city: p.city,
        region: p.region ?? '',
        postalCode: p.postalCode ?? '',
        country: p.country,
        taxId: p.taxId ?? '',
        taxLabel: p.taxLabel ?? '',
        taxRateBasisPoints: p.taxRateBasisPoints,
      }
    : EMPTY;

/**
 * The brand's billing profile (who invoices are made out to), checked with the domain's ZBillingProfileBody before
 * it is sent. Invoices closed afterwards carry it, with a tax line when a rate is set; closed ones keep theirs.
 */
export function BillingProfileForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const profile = useBillingProfile();
  if (profile.isError) return <Alert color="red">{errorMessage(t, profile.error)}</Alert>;
  if (!profile.data) return null;
  // Mounted once the saved profile is known, so the form starts from it.
  return <ProfileFields canEdit={canEdit} saved={profile.data.profile} />;
}

function ProfileFields({ canEdit, saved }: { canEdit: boolean; saved: TBillingProfile | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useSchemaForm(ZBillingProfileBody, toForm(saved));
  const save = useMutation({
    mutationFn: saveBillingProfile,
    onSuccess: async (saved) => {
      form.reset(toForm(saved.profile));
      notify({ color: 'teal', message: t('billing.profile.saved') });
      await queryClient.invalidateQueries({ queryKey: billingKeys.profile });
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify({ color: 'red', message: errorMessage(t, error) });
    },
  });
  const rate = form.values.taxRateBasisPoints;
  const rateError = form.errors.taxRateBasisPoints;

  return (
    <form noValidate onSubmit={form.onSubmit((body) => save.mutate(body))} data-testid="billing-profile-form">
      <Stack gap="sm">
        {saved === null && (
          <Text size="sm" c="dimmed">
            {t('billing.profile.empty')}
          </Text>
        )}
        <fieldset disabled={!canEdit || save.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <TextInput label={t('billing.profile.legal-name')} required {...form.getInputProps('legalName')} />
            <TextInput label={t('billing.profile.address-line1')} required {...form.getInputProps('addressLine1')} />
            <TextInput label={t('billing.profile.address-line2')} {...form.getInputProps('addressLine2')} />
            <SimpleGrid cols={{ base: 1, sm: 4 }}>
              <TextInput label={t('billing.profile.postal-code')} {...form.getInputProps('postalCode')} />
              <TextInput label={t('billing.profile.city')} required {...form.getInputProps('city')} />
              <TextInput label={t('billing.profile.region')} {...form.getInputProps('region')} />
              <TextInput
                label={t('billing.profile.country')}
                description={t('billing.profile.country-hint')}
                required
                maxLength={2}
                {...form.getInputProps('country')}
                onChange={(e) => form.setValue('country', e.currentTarget.value.toUpperCase())}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('billing.profile.tax-id')} {...form.getInputProps('taxId')} />
              <TextInput label={t('billing.profile.tax-label')} placeholder="VAT" {...form.getInputProps('taxLabel')} />
              <NumberInput
                label={t('billing.profile.tax-rate')}
                description={t('billing.profile.tax-rate-hint')}
                min={0}
                max={100}
                decimalScale={2}
                suffix=" %"
                value={rate === null || rate === undefined ? '' : rate / 100}
                onChange={(value) => form.setValue('taxRateBasisPoints', value === '' ? null : Math.round(Number(value) * 100))}
                error={rateError === undefined ? undefined : fieldErrorText(t, rateError)}
              />
            </SimpleGrid>
          </Stack>
        </fieldset>
        {canEdit && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('billing.profile.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
