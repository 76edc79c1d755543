import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Menu, Modal, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDots, IconUserPlus } from '@tabler/icons-react';
import { STAFF_LOCALES, STAFF_ROLES, ZStaffInviteBody, type TStaffMember, type TStaffStatus } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { ErrorState } from '../../../components/error-state';
import { openConfirm } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  useDeactivateStaff,
  useInviteStaff,
  useMoveStaff,
  useReactivateStaff,
  useResendInvitation,
  useStoreSearch,
  useStoreStaff,
} from '../api/staff-api';

const STATUS_COLORS: Record<TStaffStatus, string> = { active: 'teal', pending: 'yellow', inactive: 'gray', rejected: 'red' };

function InviteForm({ storeId, onDone }: { storeId: number; onDone(): void }) {
  const { t, i18n } = useTranslation();
  const invite = useInviteStaff();
  const lang = (STAFF_LOCALES as readonly string[]).includes(i18n.language.slice(0, 2)) ? i18n.language.slice(0, 2) : 'en';
  const form = useSchemaForm(ZStaffInviteBody, { storeId, email: '', name: '', role: 'staff', locale: lang as 'en' });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((body) =>
        invite.mutate(body, {
          onSuccess: (member) => {
            notify({ color: 'teal', message: t('staff.invite.sent', { email: member.email ?? '' }) });
            onDone();
          },
          onError: (error) => {
            if (!form.setServerErrors(error)) notify({ color: 'red', message: errorMessage(t, error) });
          },
        }),
      )}
    >
      <Stack>
        <TextInput label={t('staff.fields.name')} required {...form.getInputProps('name')} />
        <TextInput label={t('staff.fields.email')} type="email" required {...form.getInputProps('email')} />
        <Select
          label={t('staff.fields.role')}
          data={STAFF_ROLES.map((r) => ({ value: r, label: t(`staff.roles.${r}`) }))}
          value={form.values.role ?? 'staff'}
          onChange={(v) => v && form.setValue('role', v as 'staff')}
          allowDeselect={false}
        />
        <Select
          label={t('staff.fields.language')}
          description={t('staff.invite.language-hint')}
          data={STAFF_LOCALES.map((l) => ({ value: l, label: t(`staff.languages.${l}`) }))}
          value={form.values.locale ?? lang}
          onChange={(v) => v && form.setValue('locale', v as 'en')}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={invite.isPending}>
            {t('staff.invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MoveForm({ member, onDone }: { member: TStaffMember; onDone(): void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const stores = useStoreSearch(search);
  const move = useMoveStaff();
  const options = (stores.data?.items ?? []).filter((s) => s.id !== member.storeId).map((s) => ({ value: String(s.id), label: s.storeName }));
  return (
    <Stack>
      <Select
        label={t('staff.move.store')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={options}
        value={target}
        onChange={setTarget}
        nothingFoundMessage={t('staff.move.none')}
      />
      <Text size="xs" c="dimmed">
        {t('staff.move.hint')}
      </Text>
      <Group justify="flex-end">
        <Button
          disabled={!target}
          loading={move.isPending}
          onClick={() =>
            target &&
            move.mutate(
              { id: member.id, storeId: Number(target) },
              {
                onSuccess: () => {
                  notify({ color: 'teal', message: t('staff.move.done', { name: member.name }) });
                  onDone();
                },
                onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
              },
            )
          }
        >
          {t('staff.move.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function MemberActions({ member }: { member: TStaffMember }) {
  const { t } = useTranslation();
  const deactivate = useDeactivateStaff();
  const reactivate = useReactivateStaff();
  const resend = useResendInvitation();
  const [moving, setMoving] = useState(false);
  const done = (key: 'deactivated' | 'reactivated' | 'resent') => ({
    onSuccess: () => notify({ color: 'teal' as const, message: t(`staff.actions.${key}`, { name: member.name }) }),
    onError: (error: unknown) => notify({ color: 'red' as const, message: errorMessage(t, error) }),
  });
  function confirmDeactivate() {
    void openConfirm({
      title: t('staff.actions.deactivate-title'),
      body: t('staff.actions.deactivate-body', { name: member.name }),
      confirmLabel: t('staff.actions.deactivate'),
      danger: true,
    }).then((ok) => ok && deactivate.mutate(member.id, done('deactivated')));
  }
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="subtle" aria-label={t('staff.actions.for', { name: member.name })} leftSection={<IconDots size={14} aria-hidden />}>
            {t('staff.actions.label')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setMoving(true)}>{t('staff.actions.move')}</Menu.Item>
          {member.status === 'active' && member.email && (
            <Menu.Item onClick={() => resend.mutate(member.id, done('resent'))}>{t('staff.actions.resend')}</Menu.Item>
          )}
          {member.status === 'inactive' ? (
            <Menu.Item onClick={() => reactivate.mutate(member.id, done('reactivated'))}>{t('staff.actions.reactivate')}</Menu.Item>
          ) : (
            <Menu.Item color="red" onClick={confirmDeactivate}>
              {t('staff.actions.deactivate')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={moving} onClose={() => setMoving(false)} title={t('staff.move.title', { name: member.name })} centered>
        {moving && <MoveForm member={member} onDone={() => setMoving(false)} />}
      </Modal>
    </>
  );
}

/**
 * A store's staff on the store page: who works there (active first), their role, language and status; people with
 * staff:manage invite, move, deactivate and reactivate. `extraActions` lets the store page add its own per row.
 */
export function StoreStaff({ storeId, extraActions }: { storeId: number; extraActions?: (member: TStaffMember) => ReactNode }) {
  const { t } = useTranslation();
  const me = useSession();
  const canManage = me.permissions.includes('staff:manage');
  const staff = useStoreStaff(storeId);
  const [inviting, setInviting] = useState(false);
  const people = staff.data?.staff ?? [];
  const title = t('staff.title', { count: people.length });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('staff.region')}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {canManage && (
          <Button size="xs" leftSection={<IconUserPlus size={14} aria-hidden />} onClick={() => setInviting(true)}>
            {t('staff.invite.open')}
          </Button>
        )}
      </Group>
      {staff.isError && <ErrorState error={staff.error} onRetry={() => void staff.refetch()} />}
      {staff.data && people.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('staff.empty')}
        </Text>
      )}
      {people.length > 0 && (
        <Table aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('staff.fields.name')}</Table.Th>
              <Table.Th>{t('staff.fields.email')}</Table.Th>
              <Table.Th>{t('staff.fields.role')}</Table.Th>
              <Table.Th>{t('staff.fields.status')}</Table.Th>
              {(canManage || extraActions) && <Table.Th aria-label={t('staff.actions.label')} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{m.name}</Table.Td>
                <Table.Td>{m.email ?? '—'}</Table.Td>
                <Table.Td>{t(`staff.roles.${m.role}`)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLORS[m.status]}>
                    {t(`staff.statuses.${m.status}`)}
                  </Badge>
                </Table.Td>
                {(canManage || extraActions) && (
                  <Table.Td align="right">
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {canManage && <MemberActions member={m} />}
                      {extraActions?.(m)}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={inviting} onClose={() => setInviting(false)} title={t('staff.invite.title')} centered>
        {inviting && <InviteForm storeId={storeId} onDone={() => setInviting(false)} />}
      </Modal>
    </Paper>
  );
}
