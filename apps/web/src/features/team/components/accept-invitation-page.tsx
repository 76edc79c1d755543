import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ZAcceptWithAccountBody } from '@rally/domain';
import { signIn, signOut } from '../../auth';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { formatListDate } from '../../../lib/format';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { FullPageLoader } from '../../../components/full-page-loader';
import { Logo } from '../../../app/layout/logo';
import { acceptInvitation, acceptWithNewAccount, teamKeys, useInvitationPreview } from '../api/team-api';

type TMode = 'join' | 'sign-in' | 'create' | 'switch';

/**
 * /invitations/:token, the invitation mail's link. Signed in as the invited address: join. Signed out: sign in (the
 * address has an account) or create the account (name and password; the mail proved the address). Signed in as
 * someone else: sign out first.
 */
export default function AcceptInvitationPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useInvitationPreview(token);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string | undefined; password?: string | undefined }>({});

  const done = async () => {
    // A new session, or a new current brand: nothing cached before applies.
    queryClient.clear();
    await navigate('/campaign', { replace: true });
  };
  const join = useMutation({ mutationFn: () => acceptInvitation(token), onSuccess: done });
  const signInAndJoin = useMutation({
    mutationFn: async () => {
      await signIn({ email: preview.data!.email, password });
      await acceptInvitation(token);
    },
    onSuccess: done,
  });
  const create = useMutation({
    mutationFn: async () => {
      await acceptWithNewAccount(token, { name, password });
      await signIn({ email: preview.data!.email, password });
    },
    onSuccess: done,
  });
  const switchAccount = useMutation({ mutationFn: signOut, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.preview(token) }) });

  if (preview.isPending) return <FullPageLoader />;

  let mode: TMode | null = null;
  const data = preview.data;
  if (data) {
    if (data.signedInAs === null) mode = data.hasAccount ? 'sign-in' : 'create';
    else mode = data.signedInAs.toLowerCase() === data.email.toLowerCase() ? 'join' : 'switch';
  }
  const failed = join.error ?? signInAndJoin.error ?? create.error ?? switchAccount.error;
  const failure = failed
    ? isApiError(failed) && failed.status === 401 && mode === 'sign-in'
      ? t('team.accept.wrong-password')
      : isApiError(failed) && failed.status === 410
        ? t('team.accept.expired')
        : errorMessage(t, failed)
    : null;

  function submitCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = fieldErrorsOf(ZAcceptWithAccountBody, { name, password });
    const next = { name: found.name ? t('team.accept.errors.name') : undefined, password: found.password ? t('team.accept.errors.password') : undefined };
    setErrors(next);
    if (!next.name && !next.password) create.mutate();
  }

  function submitSignIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') {
      setErrors({ password: t('team.accept.errors.password-required') });
      return;
    }
    setErrors({});
    signInAndJoin.mutate();
  }

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" py="xl" px="md">
      <Group justify="space-between" maw={960} mx="auto">
        <Logo />
        <LanguageSwitcher />
      </Group>
      <Center mt="xl">
        <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={460}>
          {!data ? (
            <Stack gap="md">
              <Title order={1} fz="h2">
                {t('team.accept.unusable-title')}
              </Title>
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {isApiError(preview.error) && preview.error.status === 410 ? t('team.accept.expired') : isApiError(preview.error) && preview.error.status === 404 ? t('team.accept.unknown') : errorMessage(t, preview.error)}
              </Alert>
              <Button component={Link} to="/sign-in" variant="light">
                {t('team.accept.to-sign-in')}
              </Button>
            </Stack>
          ) : (
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} fz="h2">
                  {t('team.accept.title', { brand: data.brandName })}
                </Title>
                <Text c="dimmed" size="sm">
                  {t(data.invitedBy ? 'team.accept.subtitle-by' : 'team.accept.subtitle', {
                    name: data.invitedBy,
                    role: t(`team.roles.${data.role}`),
                    email: data.email,
                    date: formatListDate(data.expiresAt, i18n.language),
                  })}
                </Text>
              </Stack>
              {failure && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                  {failure}
                </Alert>
              )}
              {mode === 'join' && (
                <Button onClick={() => join.mutate()} loading={join.isPending}>
                  {t('team.accept.join', { brand: data.brandName })}
                </Button>
              )}
              {mode === 'switch' && (
                <>
                  <Text size="sm">{t('team.accept.other-account', { current: data.signedInAs, email: data.email })}</Text>
                  <Button variant="light" onClick={() => switchAccount.mutate()} loading={switchAccount.isPending}>
                    {t('team.accept.sign-out')}
                  </Button>
                </>
              )}
              {mode === 'sign-in' && (
                <form onSubmit={submitSignIn} noValidate>
                  <Stack gap="md">
                    <Text size="sm">{t('team.accept.has-account')}</Text>
                    <TextInput label={t('team.accept.email')} value={data.email} readOnly />
                    <PasswordInput
                      label={t('team.accept.password')}
                      autoComplete="current-password"
                      value={password}
                      onChange={(e) => setPassword(e.currentTarget.value)}
                      error={errors.password}
                      required
                    />
                    <Button type="submit" loading={signInAndJoin.isPending}>
                      {t('team.accept.sign-in-join')}
                    </Button>
                  </Stack>
                </form>
              )}
              {mode === 'create' && (
                <form onSubmit={submitCreate} noValidate>
                  <Stack gap="md">
                    <TextInput label={t('team.accept.email')} value={data.email} readOnly />
                    <TextInput
                      label={t('team.accept.name')}
                      autoComplete="name"
                      value={name}
                      onChange={(e) => setName(e.currentTarget.value)}
                      error={errors.name}
                      maxLength={100}
                      required
                    />
                    <PasswordInput
                      label={t('team.accept.new-password')}
                      description={t('team.accept.password-hint')}
                      autoComplete="new-password"
                      value={password}
                      onChange={(e) => setPassword(e.currentTarget.value)}
                      error={errors.password}
                      required
                    />
                    <Button type="submit" loading={create.isPending}>
                      {t('team.accept.create-join')}
                    </Button>
                  </Stack>
                </form>
              )}
            </Stack>
          )}
        </Paper>
      </Center>
    </Box>
  );
}
