import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, MEMBER_ROLES, ZInviteBody, mayGrantRole, type TMemberRole } from '@rally/domain';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrorsOf, serverFieldErrors } from '../../../lib/field-errors';
import { useInvite } from '../api/team-api';

export interface InviteModalProps {
  opened: boolean;
  onClose: () => void;
  /** The inviter's role: only an owner may offer the owner role. */
  myRole: TMemberRole;
  onInvited?: (email: string) => void;
}

/** Invite by email with a role. Field errors come from the domain's schema first, then from the server (409 member). */
export function InviteModal({ opened, onClose, myRole, onInvited }: InviteModalProps) {
  const { t } = useTranslation();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TMemberRole | null>('campaign_manager');
  const [errors, setErrors] = useState<{ email?: string | undefined; role?: string | undefined }>({});

  function close() {
    setEmail('');
    setRole('campaign_manager');
    setErrors({});
    invite.reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = fieldErrorsOf(ZInviteBody, { email, role });
    const next = {
      email: found.email ? t(email.trim() === '' ? 'team.invite.errors.email-required' : 'team.invite.errors.email-invalid') : undefined,
      role: found.role ? t('team.invite.errors.role') : undefined,
    };
    setErrors(next);
    if (next.email || next.role || !role) return;
    invite.mutate(
      { email, role },
      {
        onSuccess: (invitation) => {
          onInvited?.(invitation.email);
          close();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const server = serverFieldErrors(error.fields);
          if (error.status === 409 && server.email) setErrors({ email: t('team.invite.errors.already-member') });
          else if (error.status === 400) setErrors({ email: server.email, role: server.role });
        },
      },
    );
  }

  const formError =
    invite.isError && !(isApiError(invite.error) && (invite.error.status === 400 || (invite.error.status === 409 && invite.error.fields.length > 0)))
      ? isApiError(invite.error) && invite.error.code === ERROR_CODES.rateLimited
        ? t('team.invite.errors.rate-limited')
        : errorMessage(t, invite.error)
      : null;

  return (
    <Modal opened={opened} onClose={close} title={t('team.invite.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t('team.invite.email')}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setErrors((x) => ({ ...x, email: undefined }));
            }}
            error={errors.email}
            data-autofocus
          />
          <Select
            label={t('team.invite.role')}
            required
            allowDeselect={false}
            data={MEMBER_ROLES.filter((r) => mayGrantRole(myRole, r)).map((r) => ({ value: r, label: t(`team.roles.${r}`) }))}
            value={role}
            onChange={(v) => {
              setRole(v as TMemberRole | null);
              setErrors((x) => ({ ...x, role: undefined }));
            }}
            error={errors.role}
            description={role ? t(`team.role-hints.${role}`) : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('team.invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
