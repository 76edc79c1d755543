import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useSignIn } from '../api/auth-api';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { Logo } from '../../../app/layout/logo';

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const demoTitleId = useId();

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
    signIn.mutate(
      { email: email.trim(), password },
      { onSuccess: () => void navigate('/campaign', { replace: true }) },
    );
  }

  function submitError(): string | null {
    if (!signIn.isError) return null;
    const error = signIn.error;
    if (isApiError(error) && error.status === 401) return t('auth.sign-in.invalid-credentials');
    if (isApiError(error) && error.status === 429) return t('auth.sign-in.rate-limited');
    return errorMessage(t, error);
  }
  const formError = submitError();

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" py="xl" px="md">
      <Group justify="flex-end" maw={960} mx="auto">
        <LanguageSwitcher />
      </Group>
      <Center mt="xl">
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <Logo />
          </Center>
          <Paper withBorder shadow="sm" p="xl" radius="lg">
            <Stack gap={4} mb="lg">
              <Title order={1} fz="h2">
                {t('auth.sign-in.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('auth.sign-in.subtitle')}
              </Text>
            </Stack>
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                {formError && (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                    {formError}
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
              </Stack>
            </form>
          </Paper>

          {/* A hint, not an alert: it must not be announced or found as role="alert". */}
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
        </Stack>
      </Center>
    </Box>
  );
}

export default SignInPage;
