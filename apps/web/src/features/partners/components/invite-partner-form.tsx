import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { ZPartnerInviteBody } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useInvitePartner } from '../api/partners-api';

/**
 * Invites a brand by email. The address is checked with the domain's schema before sending; the confirmation is the
 * same whether the email has a Rally account or not (the server never says).
 */
export function InvitePartnerForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const invite = useInvitePartner();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZPartnerInviteBody.safeParse({ email });
    if (!parsed.success) {
      setError(t('partners.invite.email-invalid'));
      return;
    }
    setError(null);
    invite.mutate(parsed.data, {
      onSuccess: (result) => {
        setSentTo(result.email);
        setEmail('');
      },
      onError: (e) => {
        const field = isApiError(e) ? e.fields.find((f) => f.path === 'email') : undefined;
        setError(field && isApiError(e) && e.status === 400 ? t('partners.invite.email-invalid') : errorMessage(t, e));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('partners.invite.title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('partners.invite.help')}
        </Text>
        <TextInput
          label={t('partners.invite.email')}
          placeholder="name@brand.com"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setSentTo(null);
          }}
          error={error}
          required
          data-autofocus
        />
        {sentTo && (
          <Text size="sm" c="teal" role="status">
            {t('partners.invite.sent', { email: sentTo })}
          </Text>
        )}
        <Group justify="flex-end">
          {onDone && (
            <Button variant="default" onClick={onDone}>
              {t('partners.invite.close')}
            </Button>
          )}
          <Button type="submit" loading={invite.isPending}>
            {t('partners.invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
