import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Anchor, Loader, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TEmailAnswer } from '@rally/domain';
import { useLinkToken } from '../lib/use-link-token';
import { AuthFrame } from './auth-frame';

export interface FollowLinkPageProps {
  title: string;
  working: string;
  /** What the link did, for the address it answered. */
  done: (email: string) => string;
  /** Where to go next (a link), for that address. */
  next: (email: string) => ReactNode;
  /** What a refusal means for this link. */
  failed: (error: unknown) => string;
  follow: (token: string) => Promise<TEmailAnswer>;
}

/** A page a mailed link opens: it spends the link's token once and says what happened. */
export function FollowLinkPage({ title, working, done, next, failed, follow }: FollowLinkPageProps) {
  const { t } = useTranslation();
  const token = useLinkToken();
  const mutation = useMutation({ mutationFn: follow });
  // Once per page: a token works once, and a development double render must not spend it twice.
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutation.mutate(token);
  }, [token, mutation]);

  let body: ReactNode;
  if (!token) body = <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>{t('access.verify.missing')}</Alert>;
  else if (mutation.isSuccess)
    body = (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck size={18} aria-hidden />}>
          {done(mutation.data.email)}
        </Alert>
        {next(mutation.data.email)}
      </Stack>
    );
  else if (mutation.isError) body = <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>{failed(mutation.error)}</Alert>;
  else
    body = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{working}</Text>
      </Group>
    );

  return (
    <AuthFrame
      title={title}
      below={
        <Anchor component={Link} to="/sign-in">
          {t('access.common.back-to-sign-in')}
        </Anchor>
      }
    >
      {body}
    </AuthFrame>
  );
}
