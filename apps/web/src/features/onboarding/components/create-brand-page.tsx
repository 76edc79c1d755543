import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Center, FileInput, Group, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { BRAND_CURRENCIES, COUNTRY_CODES, ERROR_CODES, PAYMENT_PLANS, ZCreateBrandBody, type TBrandKind, type TCreateBrandBody } from '@rally/domain';
import { useMe } from '../../auth';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrorsOf, serverFieldErrors } from '../../../lib/field-errors';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { FullPageLoader } from '../../../components/full-page-loader';
import { Logo } from '../../../app/layout/logo';
import { useCreateBrand } from '../api/onboarding-api';

type TField = keyof TCreateBrandBody;
const FIELDS: TField[] = ['name', 'country', 'currency', 'timeZone', 'paymentPlan', 'kind'];

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

function browserCountry(): string | null {
  const region = typeof navigator === 'undefined' ? undefined : navigator.language.split('-')[1]?.toUpperCase();
  return region && COUNTRY_CODES.includes(region) ? region : null;
}

/**
 * /onboarding: a signed-in person creates a brand (their first, or another from the brand switcher). They become its
 * owner, it becomes the current brand, and they land on the guided start of the campaigns home.
 */
export default function CreateBrandPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const create = useCreateBrand();
  const [values, setValues] = useState<TCreateBrandBody>({
    name: '',
    country: browserCountry() ?? '',
    currency: 'USD',
    timeZone: browserTimeZone(),
    paymentPlan: 'prepaid',
    kind: 'brand',
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z.replaceAll('_', ' ') })), []);

  // Signed out: sign in first. Signed in with or without a brand (403 NO_BRAND): the form.
  if (me.isError && isApiError(me.error) && me.error.isUnauthenticated) return <Navigate to="/sign-in" replace />;
  if (me.isPending) return <FullPageLoader />;
  const hasBrand = me.isSuccess;

  const set = <K extends TField>(key: K, value: TCreateBrandBody[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errorOf = (key: TField) => (errors[key] ? t(`onboarding.errors.${key}`) : undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = fieldErrorsOf(ZCreateBrandBody, values);
    setErrors(found);
    if (FIELDS.some((f) => found[f])) return;
    create.mutate(
      { body: values, logo },
      {
        onSuccess: ({ brand, logoFailed }) => {
          notifications.show({ color: 'teal', message: t('onboarding.created', { name: brand.name }) });
          if (logoFailed) notifications.show({ color: 'yellow', title: t('onboarding.logo-failed'), message: errorMessage(t, logoFailed) });
          void navigate('/campaign', { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 400) setErrors(serverFieldErrors(error.fields));
        },
      },
    );
  }

  const submitError = create.isError
    ? isApiError(create.error) && create.error.code === ERROR_CODES.rateLimited
      ? t('onboarding.rate-limited')
      : errorMessage(t, create.error)
    : null;

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" py="xl" px="md">
      <Group justify="space-between" maw={960} mx="auto">
        <Logo />
        <LanguageSwitcher />
      </Group>
      <Center mt="xl">
        <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={560}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz="h2">
              {t(hasBrand ? 'onboarding.title-another' : 'onboarding.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('onboarding.subtitle')}
            </Text>
          </Stack>
          <form onSubmit={onSubmit} noValidate aria-label={t('onboarding.form')}>
            <Stack gap="md">
              {submitError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                  {submitError}
                </Alert>
              )}
              <TextInput
                label={t('onboarding.fields.name')}
                required
                value={values.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                error={errorOf('name')}
                maxLength={100}
                data-autofocus
              />
              <FileInput
                label={t('onboarding.fields.logo')}
                description={t('onboarding.fields.logo-hint')}
                accept="image/png,image/jpeg,image/webp,image/gif"
                clearable
                value={logo}
                onChange={setLogo}
                leftSection={<IconPhoto size={16} aria-hidden />}
                placeholder={t('onboarding.fields.logo-placeholder')}
              />
              <Select
                label={t('onboarding.fields.country')}
                required
                searchable
                data={countries}
                value={values.country || null}
                onChange={(v) => set('country', v ?? '')}
                error={errorOf('country')}
                nothingFoundMessage={t('onboarding.nothing-found')}
              />
              <Group grow align="flex-start">
                <Select
                  label={t('onboarding.fields.currency')}
                  required
                  data={BRAND_CURRENCIES.map((c) => ({ value: c, label: c }))}
                  value={values.currency}
                  allowDeselect={false}
                  onChange={(v) => v && set('currency', v as TCreateBrandBody['currency'])}
                  error={errorOf('currency')}
                />
                <Select
                  label={t('onboarding.fields.time-zone')}
                  required
                  searchable
                  data={zones}
                  value={values.timeZone || null}
                  onChange={(v) => set('timeZone', v ?? '')}
                  error={errorOf('timeZone')}
                  nothingFoundMessage={t('onboarding.nothing-found')}
                />
              </Group>
              <Radio.Group
                label={t('onboarding.fields.plan')}
                value={values.paymentPlan}
                onChange={(v) => set('paymentPlan', v as TCreateBrandBody['paymentPlan'])}
                error={errorOf('paymentPlan')}
              >
                <Stack gap="xs" mt="xs">
                  {PAYMENT_PLANS.map((plan) => (
                    <Radio key={plan} value={plan} label={t(`onboarding.plans.${plan}`)} description={t(`onboarding.plans.${plan}-hint`)} />
                  ))}
                </Stack>
              </Radio.Group>
              <Radio.Group label={t('onboarding.fields.kind')} value={values.kind} onChange={(v) => set('kind', v as TBrandKind)} error={errorOf('kind')}>
                <Group gap="lg" mt="xs">
                  <Radio value="brand" label={t('onboarding.kinds.brand')} />
                  <Radio value="retailer" label={t('onboarding.kinds.retailer')} />
                </Group>
              </Radio.Group>
              <Group justify="space-between" mt="sm">
                {hasBrand ? (
                  <Button component={Link} to="/campaign" variant="subtle">
                    {t('common.cancel')}
                  </Button>
                ) : (
                  <span />
                )}
                <Button type="submit" loading={create.isPending}>
                  {t('onboarding.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Center>
    </Box>
  );
}
