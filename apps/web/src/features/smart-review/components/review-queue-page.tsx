import { useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RECEIPT_REASON_MAX, type TReceiptRow, type TReceiptStatus } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate, formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../app/session';
import { acceptReceipt, rejectReceipt, smartReviewKeys, useReceipts } from '../api/smart-review-api';
import { SmartReviewPanel } from './smart-review-panel';

const TABS: TReceiptStatus[] = ['review', 'accepted', 'rejected'];

/** The review queue (product rule R127): each receipt's photo, what was read next to what was claimed, accept / reject. */
export function ReviewQueuePage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TReceiptStatus>('review');
  const [page, setPage] = useState(1);
  const query = useReceipts({ status, currentPage: page });
  const data = query.data;

  return (
    <Stack gap="lg">
      <PageHeader title={t('smartReview.queue.title')} subtitle={t('smartReview.queue.subtitle')} />
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
        <Box style={{ gridColumn: 'span 2' }}>
          <Stack gap="md">
            <Group justify="space-between">
              <SegmentedControl
                value={status}
                onChange={(v) => {
                  setStatus(v as TReceiptStatus);
                  setPage(1);
                }}
                data={TABS.map((s) => ({ value: s, label: t(`smartReview.queue.status.${s}`) }))}
                aria-label={t('smartReview.queue.title')}
              />
              {data && (
                <Text size="sm" c="gray.7" data-testid="receipts-waiting">
                  {t('smartReview.queue.waiting', { count: data.waiting })}
                </Text>
              )}
            </Group>
            {query.isPending && <Loader size="sm" />}
            {query.isError && <Alert color="red">{errorMessage(t, query.error)}</Alert>}
            {data && data.items.length === 0 && (
              <Text c="gray.7" data-testid="receipts-empty">
                {t('smartReview.queue.empty')}
              </Text>
            )}
            {data?.items.map((r) => <ReceiptCard key={r.id} receipt={r} />)}
            {data && data._meta.pageCount > 1 && (
              <Pagination value={page} onChange={setPage} total={data._meta.pageCount} getControlProps={() => ({ 'aria-label': t('smartReview.queue.pages') })} />
            )}
          </Stack>
        </Box>
        <SmartReviewPanel />
      </SimpleGrid>
    </Stack>
  );
}

export default ReviewQueuePage;

function ReceiptCard({ receipt: r }: { receipt: TReceiptRow }) {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const lang = i18n.language;
  const money = (cents: number | null) => (cents === null ? t('smartReview.queue.none') : formatMoney(cents, lang, r.currency));
  const text = (v: string | null) => v ?? t('smartReview.queue.none');
  const canDecide = me.permissions.includes('campaign:launch') && r.status === 'review';
  const headingId = `receipt-${r.id}`;

  const decide = useMutation({
    mutationFn: (d: { accept: true } | { accept: false; reason: string }) => (d.accept ? acceptReceipt(r.id) : rejectReceipt(r.id, d.reason)),
    onSuccess: async (row) => {
      setRejecting(false);
      notify({ color: 'teal', message: t(row.status === 'accepted' ? 'smartReview.queue.accepted' : 'smartReview.queue.rejected') });
      await queryClient.invalidateQueries({ queryKey: smartReviewKeys.all });
    },
    onError: async (error) => {
      notify({ color: 'red', message: errorMessage(t, error) });
      await queryClient.invalidateQueries({ queryKey: smartReviewKeys.all });
    },
  });

  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-labelledby={headingId} data-testid="receipt-card">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <a href={r.imageUrl} target="_blank" rel="noreferrer" style={{ flex: '0 0 200px' }}>
          <Image src={r.imageUrl} alt={t('smartReview.queue.image-alt', { name: r.participantName })} w={200} fit="contain" radius="sm" />
        </a>
        <Stack gap="xs" style={{ flex: '1 1 320px' }}>
          <Title order={2} fz="md" id={headingId}>
            {r.participantName}
            {r.storeName ? ` · ${r.storeName}` : ''}
          </Title>
          <Text size="sm" c="gray.7">
            {t('smartReview.queue.campaign', { campaign: r.campaignName, mission: r.missionTitle })} · {t('smartReview.queue.sent', { when: formatListDate(r.createdAt, lang) })}
          </Text>
          {r.flags.length > 0 && (
            <Group gap={6} aria-label={t('smartReview.queue.flags-label')} role="list">
              {r.flags.map((f) => (
                <Badge key={f} color={f.startsWith('duplicate') ? 'red' : 'orange'} variant="light" role="listitem">
                  {t(`smartReview.queue.flag.${f}`)}
                </Badge>
              ))}
            </Group>
          )}
          <Table withTableBorder fz="sm" data-testid="receipt-compare">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" />
                <Table.Th scope="col">{t('smartReview.queue.read')}</Table.Th>
                <Table.Th scope="col">{t('smartReview.queue.claimed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('smartReview.queue.total')}</Table.Th>
                <Table.Td data-testid="receipt-read-total">{money(r.extracted.totalCents)}</Table.Td>
                <Table.Td data-testid="receipt-claimed-total">{money(r.claimed.salesAmountCents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('smartReview.queue.items')}</Table.Th>
                <Table.Td>{r.extracted.lineItems.length === 0 ? t('smartReview.queue.none') : r.extracted.lineItems.map((i) => `${i.description} ×${i.quantity}`).join(', ')}</Table.Td>
                <Table.Td>{r.claimed.items.length === 0 ? t('smartReview.queue.none') : r.claimed.items.map((i) => `${i.title} ×${i.quantity}`).join(', ')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('smartReview.queue.merchant')}</Table.Th>
                <Table.Td colSpan={2}>{text(r.extracted.merchant)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('smartReview.queue.date')}</Table.Th>
                <Table.Td colSpan={2}>{text(r.extracted.date)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('smartReview.queue.number')}</Table.Th>
                <Table.Td colSpan={2}>{text(r.extracted.receiptNumber)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {r.status !== 'review' && r.reviewer && (
            <Text size="sm" c="gray.7">
              {t('smartReview.queue.decided-by', { status: t(`smartReview.queue.status.${r.status}`), who: r.reviewer })}
              {r.reason ? ` — ${r.reason}` : ''}
            </Text>
          )}
          {canDecide && (
            <Group gap="sm">
              <Button onClick={() => decide.mutate({ accept: true })} loading={decide.isPending && !rejecting} disabled={decide.isPending}>
                {t('smartReview.queue.accept')}
              </Button>
              <Button variant="light" color="red" onClick={() => setRejecting(true)} disabled={decide.isPending}>
                {t('smartReview.queue.reject')}
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={<Text fw={650}>{t('smartReview.queue.confirm-reject')}</Text>} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim() !== '') decide.mutate({ accept: false, reason: reason.trim() });
          }}
        >
          <Stack>
            <Textarea
              label={t('smartReview.queue.reason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={RECEIPT_REASON_MAX}
              required
              autosize
              minRows={2}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(false)}>
                {t('smartReview.queue.cancel')}
              </Button>
              <Button type="submit" color="red" loading={decide.isPending} disabled={reason.trim() === ''}>
                {t('smartReview.queue.confirm-reject')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
