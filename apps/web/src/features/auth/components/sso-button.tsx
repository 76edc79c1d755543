import { Alert, Button, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessage } from '../../../lib/error-message';
import { lookupSso, startSso } from '../api/sign-in-security-api';

const ZEmail = z.email();

/**
 * "Continue with SSO" for an email whose domain signs in through its brand's provider: asked once the address is
 * complete; a click sends the browser to the provider.
 */
export function SsoButton({ email }: { email: string }) {
  const { t } = useTranslation();
  const address = email.trim().toLowerCase();
  const domain = address.split('@')[1] ?? '';
  const complete = ZEmail.safeParse(address).success;
  const lookup = useQuery({
    queryKey: ['sso-lookup', domain],
    queryFn: () => lookupSso(address),
    enabled: complete,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const start = useMutation({
    mutationFn: () => startSso(address),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  if (!complete || !lookup.data?.sso) return null;
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('security.sso.hint')}
      </Text>
      {start.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, start.error)}
        </Alert>
      )}
      <Button
        variant="light"
        fullWidth
        leftSection={<IconKey size={16} aria-hidden />}
        loading={start.isPending}
        onClick={() => start.mutate()}
      >
        {t('security.sso.continue')}
      </Button>
    </>
  );
}
