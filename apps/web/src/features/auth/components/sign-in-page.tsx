import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ERROR_CODES, SSO_ERRORS, type TSsoError } from '@rally/domain';
import { useSignIn } from '../api/auth-api';
import { getSignInOptions, resendVerification } from '../api/account-access-api';
import { SsoButton } from './sso-button';
import { TwoFactorStep } from './two-factor-step';
import { AuthFrame } from './auth-frame';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

const DEMO_PASSWORD = 'demo1234';
const DEMO_ACCOUNTS = [
  { email: 'owner@brand.test', roleKey: 'auth.sign-in.demo-owner' },
  { email: 'retailer@retail.test', roleKey: 'auth.sign-in.demo-retailer' },
  { email: 'partner@partner.test', roleKey: 'auth.sign-in.demo-partner' },
] as const;

const ZEmail = z.email();

type TFieldErrors = { email?: string; password?: string };

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  // A verification, a reset or an address change sends the person here with the address and what happened.
  const arrival = useLocation().state as {
    email?: string;
    notice?: 'verified' | 'password-reset' | 'email-changed';
  } | null;
  const resend = useMutation({ mutationFn: resendVerification });
  // Until it answers, neither the sign-up link nor the demo accounts show (a real deployment has no demo accounts).
  const options = useQuery({
    queryKey: ['auth', 'options'],
    queryFn: getSignInOptions,
    staleTime: Infinity,
    meta: { showsOwnError: true },
  });
  const [email, setEmail] = useState(typeof arrival?.email === 'string' ? arrival.email : '');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const demoTitleId = useId();
  // Two-factor accounts answer the password with a second step; SSO refusals come back as ?sso_error=.
  const [step, setStep] = useState<'password' | 'two-factor'>('password');
  const queryClient = useQueryClient();
  const ssoErrorParam = useSearchParams()[0].get('sso_error');
  const ssoError = SSO_ERRORS.includes(ssoErrorParam as TSsoError) ? (ssoErrorParam as TSsoError) : null;

  function validate(): TFieldErrors {
    const errors: TFieldErrors = {};
    if (email.trim() === '') errors.email = t('auth.sign-in.email-required');
    else if (!ZEmail.safeParse(email.trim()).success) errors.email = t('auth.sign-in.email-invalid');
    if (password === '') errors.password = t('auth.sign-in.password-required');
    return errors;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    resend.reset();
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ twoFactor }) =>
          twoFactor ? setStep('two-factor') : void navigate('/campaign', { replace: true }),
      },
    );
  }

  function submitError(): string | null {
    if (!signIn.isError) return null;
    const error = signIn.error;
    if (isApiError(error) && error.code === ERROR_CODES.emailNotVerified) return t('access.sign-in.not-verified');
    if (isApiError(error) && error.status === 401) return t('auth.sign-in.invalid-credentials');
    if (isApiError(error) && error.status === 429) return t('auth.sign-in.rate-limited');
    return errorMessage(t, error);
  }
  const formError = submitError();
  const notVerified = isApiError(signIn.error) && signIn.error.code === ERROR_CODES.emailNotVerified;
  const notice =
    arrival?.notice && ['verified', 'password-reset', 'email-changed'].includes(arrival.notice) ? arrival.notice : null;

  return (
    <AuthFrame
      title={t('auth.sign-in.title')}
      subtitle={t('auth.sign-in.subtitle')}
      below={
        options.data?.signUp === 'open' && (
          <>
            {t('access.sign-in.no-account')}{' '}
            <Anchor component={Link} to="/sign-up">
              {t('access.sign-in.create-account')}
            </Anchor>
          </>
        )
      }
      after={
        <>
          {/* A hint, not an alert: it must not be announced or found as role="alert". */}
          {options.data?.demoAccounts && (
            <Paper
              withBorder
              p="md"
              radius="lg"
              bg="var(--mantine-color-indigo-0)"
              component="section"
              aria-labelledby={demoTitleId}
            >
              <Group gap="xs" mb="xs">
                <IconInfoCircle size={18} color="var(--mantine-color-indigo-6)" aria-hidden />
                <Text fw={600} size="sm" id={demoTitleId}>
                  {t('auth.sign-in.demo-title')}
                </Text>
              </Group>
              <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} fz="sm">
                <Table.Tbody>
                  {DEMO_ACCOUNTS.map((account) => (
                    <Table.Tr key={account.email}>
                      <Table.Td pr="sm">
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          aria-label={t('auth.sign-in.demo-use', { email: account.email })}
                          onClick={() => {
                            setEmail(account.email);
                            setPassword(DEMO_PASSWORD);
                            setFieldErrors({});
                          }}
                        >
                          {account.email}
                        </Anchor>
                      </Table.Td>
                      <Table.Td c="dimmed">{t(account.roleKey)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text size="sm" mt="xs">
                {t('auth.sign-in.demo-password')} <Code>{DEMO_PASSWORD}</Code>
              </Text>
            </Paper>
          )}
        </>
      }
    >
      {step === 'two-factor' ? (
        <TwoFactorStep
          onSignedIn={() => {
            queryClient.clear();
            void navigate('/campaign', { replace: true });
          }}
          onBack={() => {
            setStep('password');
            setPassword('');
            signIn.reset();
          }}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {ssoError && !formError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {t(`security.sso.errors.${ssoError}`)}
              </Alert>
            )}
            {notice && !formError && (
              <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
                {t(`access.sign-in.${notice}`)}
              </Alert>
            )}
            {formError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {formError}
                {notVerified && (
                  <Box mt="xs">
                    {resend.isSuccess ? (
                      <Text size="sm" role="status">
                        {t('access.sign-in.resent', { email: email.trim().toLowerCase() })}
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        loading={resend.isPending}
                        onClick={() => resend.mutate({ email: email.trim(), password })}
                      >
                        {t('access.sign-in.resend')}
                      </Button>
                    )}
                    {resend.isError && (
                      <Text size="sm" mt={4}>
                        {isApiError(resend.error) && resend.error.status === 429
                          ? t('access.common.rate-limited')
                          : errorMessage(t, resend.error)}
                      </Text>
                    )}
                  </Box>
                )}
              </Alert>
            )}
            <TextInput
              label={t('auth.sign-in.email')}
              placeholder={t('auth.sign-in.email-placeholder')}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fieldErrors.email}
            />
            <PasswordInput
              label={t('auth.sign-in.password')}
              autoComplete="current-password"
              // Mantine's default toggle label is English-only; this one also avoids containing
              // the word "password", so the field stays the only match for its label.
              visibilityToggleButtonProps={{ 'aria-label': t('auth.sign-in.show-password') }}
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={fieldErrors.password}
            />
            <Button type="submit" fullWidth loading={signIn.isPending} mt="xs">
              {t('auth.sign-in.submit')}
            </Button>
            <SsoButton email={email} />
            <Anchor
              component={Link}
              to="/forgot-password"
              state={email.trim() ? { email: email.trim() } : undefined}
              size="sm"
              ta="center"
            >
              {t('access.sign-in.forgot-password')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthFrame>
  );
}

export default SignInPage;
