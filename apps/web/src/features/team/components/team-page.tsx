import { useState } from 'react';
import { Badge, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MEMBER_ROLES, mayChangeMember, mayGrantRole, type TInvitationStatus, type TMember, type TMemberRole, type TTeamInvitation } from '@rally/domain';
import { useSession } from '../../../app/session';
import { openConfirm } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate } from '../../../lib/format';
import { useChangeRole, useInvitations, useLeaveBrand, useMembers, useRemoveMember, useResendInvitation, useRevokeInvitation } from '../api/team-api';
import { InviteModal } from './invite-modal';

const STATUS_COLORS: Record<TInvitationStatus, string> = { pending: 'blue', expired: 'gray', accepted: 'teal', revoked: 'red' };

/** /team: the brand's members and invitations. Managers (team:manage) invite, change roles, remove; everyone may leave. */
export default function TeamPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useSession();
  const canManage = me.permissions.includes('team:manage');
  const members = useMembers();
  const invitations = useInvitations();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const leave = useLeaveBrand();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);

  const fail = (title: string) => (error: unknown) => notifications.show({ color: 'red', title, message: errorMessage(t, error) });
  const ok = (message: string) => () => notifications.show({ color: 'teal', message });

  function confirmRemove(member: TMember) {
    void openConfirm({
      title: t('team.members.remove-title'),
      body: t('team.members.remove-body', { name: member.name, brand: me.brand.name }),
      confirmLabel: t('team.members.remove'),
      danger: true,
    }).then((yes) => {
      if (yes) remove.mutate(member.id, { onSuccess: ok(t('team.members.removed', { name: member.name })), onError: fail(t('team.members.remove-failed')) });
    });
  }

  function confirmLeave() {
    void openConfirm({
      title: t('team.leave.title'),
      body: t('team.leave.body', { brand: me.brand.name }),
      confirmLabel: t('team.leave.confirm'),
      danger: true,
    }).then((yes) => {
      if (yes) leave.mutate(undefined, { onSuccess: () => void navigate('/campaign', { replace: true }), onError: fail(t('team.leave.failed')) });
    });
  }

  // The brand always keeps an owner (the server answers 409 LAST_OWNER): its only owner is offered no role change
  // and cannot leave.
  const owners = members.data?.items.filter((m) => m.role === 'owner').length ?? 0;
  const isLastOwner = (member: Pick<TMember, 'role'>) => member.role === 'owner' && owners <= 1;
  const meLastOwner = members.data?.items.some((m) => m.isMe && isLastOwner(m)) ?? false;

  const roleCell = (member: TMember) => {
    const editable = canManage && mayChangeMember(me.role, member.role) && !isLastOwner(member);
    if (!editable)
      return (
        <Text size="sm">
          {t(`team.roles.${member.role}`)}
          {isLastOwner(member) && (
            <Text span size="xs" c="dimmed">
              {' '}
              · {t('team.members.last-owner')}
            </Text>
          )}
        </Text>
      );
    return (
      <Select
        aria-label={t('team.members.role-of', { name: member.name })}
        size="xs"
        w={200}
        allowDeselect={false}
        data={MEMBER_ROLES.filter((r) => r === member.role || mayGrantRole(me.role, r)).map((r) => ({ value: r, label: t(`team.roles.${r}`) }))}
        value={member.role}
        disabled={changeRole.isPending}
        onChange={(role) => {
          if (!role || role === member.role) return;
          changeRole.mutate(
            { memberId: member.id, role: role as TMemberRole },
            { onSuccess: ok(t('team.members.role-changed', { name: member.name, role: t(`team.roles.${role as TMemberRole}`) })), onError: fail(t('team.members.role-failed')) },
          );
        }}
      />
    );
  };

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <PageHeader
        title={t('team.title')}
        subtitle={t('team.subtitle', { brand: me.brand.name })}
        action={
          <Group gap="sm">
            {!meLastOwner && (
              <Button variant="default" color="red" onClick={confirmLeave} loading={leave.isPending}>
                {t('team.leave.button')}
              </Button>
            )}
            {canManage && (
              <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
                {t('team.invite.button')}
              </Button>
            )}
          </Group>
        }
      />

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="team-members-title">
        <Title order={2} fz="h4" mb="sm" id="team-members-title">
          {t('team.members.title')}
        </Title>
        {members.isError ? (
          <ErrorState error={members.error} onRetry={() => void members.refetch()} />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('team.members.name')}</Table.Th>
                  <Table.Th>{t('team.members.email')}</Table.Th>
                  <Table.Th>{t('team.members.role')}</Table.Th>
                  <Table.Th>{t('team.members.joined')}</Table.Th>
                  {canManage && <Table.Th aria-label={t('team.actions')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!members.data && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Skeleton h={20} />
                    </Table.Td>
                  </Table.Tr>
                )}
                {members.data?.items.map((member) => (
                  <Table.Tr key={member.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {member.name} {member.isMe && <Badge size="xs" variant="light">{t('team.members.you')}</Badge>}
                      </Text>
                    </Table.Td>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td>{roleCell(member)}</Table.Td>
                    <Table.Td>{formatListDate(member.joinedAt, i18n.language)}</Table.Td>
                    {canManage && (
                      <Table.Td ta="right">
                        {!member.isMe && mayChangeMember(me.role, member.role) && (
                          <Button size="xs" variant="subtle" color="red" onClick={() => confirmRemove(member)} aria-label={t('team.members.remove-named', { name: member.name })}>
                            {t('team.members.remove')}
                          </Button>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="team-invitations-title">
        <Title order={2} fz="h4" mb="sm" id="team-invitations-title">
          {t('team.invitations.title')}
        </Title>
        {invitations.isError ? (
          <ErrorState error={invitations.error} onRetry={() => void invitations.refetch()} />
        ) : invitations.data?.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('team.invitations.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('team.members.email')}</Table.Th>
                  <Table.Th>{t('team.members.role')}</Table.Th>
                  <Table.Th>{t('team.invitations.status')}</Table.Th>
                  <Table.Th>{t('team.invitations.invited-by')}</Table.Th>
                  <Table.Th>{t('team.invitations.expires')}</Table.Th>
                  {canManage && <Table.Th aria-label={t('team.actions')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invitations.data?.items.map((inv: TTeamInvitation) => (
                  <Table.Tr key={inv.id}>
                    <Table.Td>{inv.email}</Table.Td>
                    <Table.Td>{t(`team.roles.${inv.role}`)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[inv.status]} variant="light">
                        {t(`team.invitations.statuses.${inv.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{inv.invitedBy ?? '—'}</Table.Td>
                    <Table.Td>{formatListDate(inv.expiresAt, i18n.language)}</Table.Td>
                    {canManage && (
                      <Table.Td ta="right">
                        {(inv.status === 'pending' || inv.status === 'expired') && mayGrantRole(me.role, inv.role) && (
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <Button
                              size="xs"
                              variant="subtle"
                              aria-label={t('team.invitations.resend-named', { email: inv.email })}
                              onClick={() => resend.mutate(inv.id, { onSuccess: ok(t('team.invitations.resent', { email: inv.email })), onError: fail(t('team.invitations.resend-failed')) })}
                            >
                              {t('team.invitations.resend')}
                            </Button>
                            {inv.status === 'pending' && (
                              <Button
                                size="xs"
                                variant="subtle"
                                color="red"
                                aria-label={t('team.invitations.revoke-named', { email: inv.email })}
                                onClick={() => revoke.mutate(inv.id, { onSuccess: ok(t('team.invitations.revoked', { email: inv.email })), onError: fail(t('team.invitations.revoke-failed')) })}
                              >
                                {t('team.invitations.revoke')}
                              </Button>
                            )}
                          </Group>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      {canManage && (
        <InviteModal
          opened={inviting}
          onClose={() => setInviting(false)}
          myRole={me.role}
          onInvited={(email) => notifications.show({ color: 'teal', message: t('team.invite.sent', { email }) })}
        />
      )}
    </Stack>
  );
}
