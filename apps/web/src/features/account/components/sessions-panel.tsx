import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { summariseUserAgent, type TAccountSession } from '@rally/domain';
import { ErrorState } from '../../../components/error-state';
import { currentLanguage } from '../../../i18n/i18n';
import { formatListDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../lib/error-message';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/account-api';
import { AccountSection } from './account-section';

function useDeviceName() {
  const { t } = useTranslation();
  return (session: TAccountSession) => {
    const { browser, os } = summariseUserAgent(session.userAgent);
    if (browser && os) return t('account.sessions.browser-on-os', { browser, os });
    return browser ?? os ?? t('account.sessions.unknown-device');
  };
}

/** Where I am signed in; ending one, or all but this one. */
export function SessionsPanel() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const deviceName = useDeviceName();
  const lang = currentLanguage();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <AccountSection title={t('account.sessions.title')} description={t('account.sessions.description')}>
      {sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" aria-busy={sessions.isPending}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('account.sessions.device')}</Table.Th>
                  <Table.Th>{t('account.sessions.ip')}</Table.Th>
                  <Table.Th>{t('account.sessions.signed-in')}</Table.Th>
                  <Table.Th>{t('account.sessions.last-used')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('account.sessions.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((session) => (
                  <Table.Tr key={session.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <IconDeviceDesktop size={16} aria-hidden />
                        <Text size="sm" title={session.userAgent ?? undefined}>
                          {deviceName(session)}
                        </Text>
                        {session.current && (
                          <Badge size="sm" variant="light" color="teal">
                            {t('account.sessions.this-device')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{session.ipAddress ?? '—'}</Table.Td>
                    <Table.Td>{formatListDate(session.createdAt, lang)}</Table.Td>
                    <Table.Td>{formatListDate(session.lastActiveAt, lang)}</Table.Td>
                    <Table.Td ta="right">
                      {!session.current && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={revoke.isPending && revoke.variables === session.id}
                          aria-label={t('account.sessions.sign-out-one', { device: deviceName(session) })}
                          onClick={() =>
                            revoke.mutate(session.id, { onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }) })
                          }
                        >
                          {t('account.sessions.sign-out')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Button
            variant="light"
            color="red"
            disabled={others === 0}
            loading={revokeOthers.isPending}
            style={{ alignSelf: 'flex-start' }}
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: ({ revoked }) => notify({ color: 'teal', message: t('account.sessions.signed-out-others', { count: revoked }) }),
                onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
              })
            }
          >
            {t('account.sessions.sign-out-others')}
          </Button>
        </Stack>
      )}
    </AccountSection>
  );
}
