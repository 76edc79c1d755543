import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TPartnerInvitation, TPartnerPoolEntry } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { openConfirm } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../app/session';
import { useAnswerByToken, useInvitePartner, useAnswerInvitation, useMyPartnerInvitations, usePartnerPool, useRemovePartner } from '../api/partners-api';
import { InvitePartnerForm } from './invite-partner-form';

const STATUS_COLORS: Record<TPartnerPoolEntry['status'], string> = { pending: 'yellow', approved: 'teal', declined: 'red', removed: 'gray' };
const seconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);

function PoolTable({ items, canManage }: { items: TPartnerPoolEntry[]; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const remove = useRemovePartner();
  const reinvite = useInvitePartner();
  const [busy, setBusy] = useState<number | null>(null);

  const onRemove = async (row: TPartnerPoolEntry) => {
    const ok = await openConfirm({
      title: t('partners.pool.remove-title'),
      body: t('partners.pool.remove-body', { name: row.brandName ?? row.invitedEmail ?? '' }),
      confirmLabel: t('partners.pool.remove'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(row.id, { onError: (e) => notify({ color: 'red', message: errorMessage(t, e) }) });
  };
  const onReinvite = async (row: TPartnerPoolEntry) => {
    setBusy(row.id);
    try {
      await reinvite.mutateAsync({ email: row.invitedEmail! });
      notify({ color: 'teal', message: t('partners.invite.sent', { email: row.invitedEmail }) });
    } catch (e) {
      notify({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setBusy(null);
    }
  };

  if (items.length === 0) return <Text c="dimmed">{t('partners.pool.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table verticalSpacing="sm" aria-label={t('partners.pool.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('partners.pool.columns.partner')}</Table.Th>
            <Table.Th>{t('partners.pool.columns.email')}</Table.Th>
            <Table.Th>{t('partners.pool.columns.status')}</Table.Th>
            <Table.Th>{t('partners.pool.columns.invited')}</Table.Th>
            {canManage && <Table.Th aria-label={t('partners.pool.columns.actions')} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => {
            const invited = seconds(row.invitedAt);
            const removable = row.status === 'approved' || row.status === 'pending';
            const reinvitable = row.invitedEmail !== null && (row.status === 'declined' || row.status === 'removed' || row.expired);
            return (
              <Table.Tr key={row.id}>
                <Table.Td>{row.brandName ?? <Text c="dimmed">{t('partners.pool.not-yet')}</Text>}</Table.Td>
                <Table.Td>{row.invitedEmail ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge color={row.expired ? 'gray' : STATUS_COLORS[row.status]} variant="light">
                    {row.expired ? t('partners.status.expired') : t(`partners.status.${row.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{invited === null ? '—' : formatListDate(invited, i18n.language)}</Table.Td>
                {canManage && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {reinvitable && (
                        <Button size="xs" variant="light" loading={busy === row.id} onClick={() => void onReinvite(row)}>
                          {t('partners.pool.reinvite')}
                        </Button>
                      )}
                      {removable && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => void onRemove(row)}>
                          {row.status === 'pending' ? t('partners.pool.withdraw') : t('partners.pool.remove')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function InvitationsList({ items, canAnswer }: { items: TPartnerInvitation[]; canAnswer: boolean }) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerInvitation();
  if (items.length === 0) return <Text c="dimmed">{t('partners.invitations.empty')}</Text>;
  const reply = (id: number, how: 'accept' | 'decline', retailer: string) =>
    answer.mutate(
      { id, how },
      {
        onSuccess: () => notify({ color: 'teal', message: t(how === 'accept' ? 'partners.invitations.accepted' : 'partners.invitations.declined', { retailer }) }),
        onError: (e) => notify({ color: 'red', message: errorMessage(t, e) }),
      },
    );
  return (
    <Stack gap="sm">
      {items.map((inv) => {
        const expires = seconds(inv.expiresAt);
        return (
          <Paper key={inv.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={2}>
                <Text fw={600}>{t('partners.invitations.from', { retailer: inv.retailer.brandName })}</Text>
                {expires !== null && (
                  <Text size="xs" c="dimmed">
                    {t('partners.invitations.expires', { date: formatListDate(expires, i18n.language) })}
                  </Text>
                )}
              </Stack>
              {canAnswer && (
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => reply(inv.id, 'decline', inv.retailer.brandName)} disabled={answer.isPending}>
                    {t('partners.invitations.decline')}
                  </Button>
                  <Button size="xs" onClick={() => reply(inv.id, 'accept', inv.retailer.brandName)} loading={answer.isPending && answer.variables.id === inv.id}>
                    {t('partners.invitations.accept')}
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The mailed link (?partnerInvite=…) answered for the current brand; the token is used once, then dropped from the URL. */
function TokenAnswer({ token, canAnswer }: { token: string; canAnswer: boolean }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const answer = useAnswerByToken();
  const done = () => setParams((p) => {
    p.delete('partnerInvite');
    return p;
  });
  const reply = (how: 'accept' | 'decline') =>
    answer.mutate(
      { token, answer: how },
      {
        onSuccess: (r) => {
          notify({ color: 'teal', message: t(how === 'accept' ? 'partners.invitations.accepted' : 'partners.invitations.declined', { retailer: r.retailerName }) });
          done();
        },
      },
    );
  return (
    <Alert variant="light" title={t('partners.link.title')}>
      <Stack gap="xs">
        <Text size="sm">{canAnswer ? t('partners.link.body') : t('partners.link.not-allowed')}</Text>
        {answer.isError && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(t, answer.error)}
          </Text>
        )}
        {canAnswer && (
          <Group gap="xs">
            <Button size="xs" onClick={() => reply('accept')} loading={answer.isPending}>
              {t('partners.invitations.accept')}
            </Button>
            <Button size="xs" variant="default" onClick={() => reply('decline')} disabled={answer.isPending}>
              {t('partners.invitations.decline')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/** /partners: a retailer's partner pool (invite, remove, re-invite) and, for every brand, invitations to answer. */
export function PartnersPage() {
  const { t } = useTranslation();
  const me = useSession();
  const [params] = useSearchParams();
  const token = params.get('partnerInvite');
  const retailer = me.brand.isRetailer;
  const canManage = me.permissions.includes('partner:manage');
  const pool = usePartnerPool(retailer);
  const invitations = useMyPartnerInvitations();
  const [inviting, setInviting] = useState(false);

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <PageHeader
        title={t('partners.title')}
        subtitle={retailer ? t('partners.subtitle-retailer') : t('partners.subtitle-brand')}
        action={
          retailer && canManage ? (
            <Button onClick={() => setInviting(true)}>{t('partners.invite.open')}</Button>
          ) : undefined
        }
      />
      {token && <TokenAnswer token={token} canAnswer={canManage} />}
      {retailer && (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t('partners.pool.title')}
          </Title>
          {pool.isError ? (
            <ErrorState error={pool.error} onRetry={() => void pool.refetch()} />
          ) : pool.data ? (
            <PoolTable items={pool.data.items} canManage={canManage} />
          ) : null}
        </Paper>
      )}
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t('partners.invitations.title')}
        </Title>
        {invitations.isError ? (
          <ErrorState error={invitations.error} onRetry={() => void invitations.refetch()} />
        ) : invitations.data ? (
          <InvitationsList items={invitations.data.items} canAnswer={canManage} />
        ) : null}
      </Paper>
      <Modal opened={inviting} onClose={() => setInviting(false)} title={t('partners.invite.title')} centered closeButtonProps={{ 'aria-label': t('partners.invite.close') }}>
        <InvitePartnerForm onDone={() => setInviting(false)} />
      </Modal>
    </Stack>
  );
}

export default PartnersPage;
