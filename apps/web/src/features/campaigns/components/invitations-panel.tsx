import { useState } from 'react';
import { Anchor, Badge, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import type { TInvitation } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatListDate } from '../../../lib/format';
import { useInvitations } from '../api/campaigns-api';

const COLORS = { SENT: 'yellow', ACCEPTED: 'teal', REJECTED: 'red' } as const;

/** The Invitations tab: shared campaigns other brands invited this brand to, each opening its campaign-view. */
export function InvitationsPanel() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useInvitations(page);
  const items: TInvitation[] = list.data?.items ?? [];
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        {list.isSuccess && items.length === 0 && (
          <Text size="sm" c="gray.7" ta="center" py="lg">
            {t('campaign.invitations.empty')}
          </Text>
        )}
        {items.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" aria-label={t('campaign.invitations.label')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('campaign.invitations.name')}</Table.Th>
                  <Table.Th>{t('campaign.invitations.owner')}</Table.Th>
                  <Table.Th>{t('campaign.invitations.status')}</Table.Th>
                  <Table.Th>{t('campaign.invitations.invited')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((i) => (
                  <Table.Tr key={i.bundleId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/campaign-view/${i.bundleId}`} fw={600}>
                        {i.name.trim() || t('campaign.list.untitled')}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{i.ownerName}</Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={COLORS[i.inviteStatus]}>
                        {t(`campaign.invitations.invite-status.${i.inviteStatus}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{i.invitedAt ? formatListDate(i.invitedAt, i18n.language) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {(list.data?._meta.pageCount ?? 0) > 1 && (
          <Pagination
            total={list.data!._meta.pageCount}
            value={page}
            onChange={setPage}
            aria-label={t('campaign.invitations.pages')}
          />
        )}
      </Stack>
    </Paper>
  );
}
