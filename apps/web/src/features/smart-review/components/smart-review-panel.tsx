import { useState } from 'react';
import { Anchor, Button, Group, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { meQueryKey } from '../../../app/query-keys';
import { useSession } from '../../../app/session';
import { PaymentFormModal } from '../../../components/payment-form';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { activateSmartReview, checkUnpaidInvoices, deactivateSmartReview } from '../api/smart-review-api';

type TDialog = { kind: 'pending-invoice'; invoiceId: number | null } | { kind: 'confirm-payment' } | { kind: 'top-up' } | { kind: 'attention' } | null;

export interface SmartReviewPanelProps {
  /** Inside the launch modal the panel has no card of its own. */
  variant?: 'card' | 'plain';
}

/**
 * The smart review panel (spec §2): a switch, the info text and the price per receipt reviewed. Switching on
 * checks unpaid invoices first (pending-invoice dialog, spec §8), a prepaid plan then confirms the payment,
 * and only then activates; switching off asks for confirmation ("attention", spec §8) before deactivating.
 */
export function SmartReviewPanel({ variant = 'card' }: SmartReviewPanelProps) {
  const { t, i18n } = useTranslation();
  const me = useSession();
  const queryClient = useQueryClient();
  const sr = me.brand.smartReview;
  const [dialog, setDialog] = useState<TDialog>(null);
  const [checking, setChecking] = useState(false);
  // The smart review plan is billing's (the server's billing:manage).
  const canChange = me.permissions.includes('billing:manage');
  const price = formatMoney(sr.pricePerScan, i18n.language, sr.currency);
  const balance = formatMoney(me.brand.walletBalance, i18n.language, me.brand.currency);
  const short = me.brand.walletBalance < sr.pricePerScan;

  const change = useMutation({
    mutationFn: (on: boolean) => (on ? activateSmartReview() : deactivateSmartReview()),
    onSuccess: async (result) => {
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      notify({ color: 'teal', message: t(result.smartReview.enabled ? 'smartReview.switched-on' : 'smartReview.switched-off') });
    },
    onError: (error) => {
      setDialog(null);
      notify({ color: 'red', message: errorMessage(t, error) });
    },
  });

  async function switchOn() {
    setChecking(true);
    try {
      const unpaid = await checkUnpaidInvoices();
      if (unpaid.hasUnpaidInvoice) setDialog({ kind: 'pending-invoice', invoiceId: unpaid.invoiceId });
      else if (me.brand.paymentPlan === 'prepaid') setDialog({ kind: 'confirm-payment' });
      else change.mutate(true);
    } catch (error) {
      notify({ color: 'red', message: errorMessage(t, error) });
    } finally {
      setChecking(false);
    }
  }

  const busy = checking || change.isPending;
  const body = (
    <Stack gap="xs">
      <Switch
        checked={sr.enabled}
        onChange={(e) => (e.currentTarget.checked ? void switchOn() : setDialog({ kind: 'attention' }))}
        disabled={!canChange || busy}
        label={t('smartReview.switch')}
        description={canChange ? undefined : t('smartReview.no-permission')}
        data-testid="smart-review-switch"
      />
      <Text size="sm" c="gray.7">
        {t('smartReview.info')}
      </Text>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="gray.7">
          {t('smartReview.price')}
        </Text>
        <Text size="sm" fw={600} data-testid="smart-review-price">
          {price}
        </Text>
      </Group>
    </Stack>
  );

  return (
    <>
      {variant === 'card' ? (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="smart-review-heading">
          <Title order={2} fz="sm" fw={650} tt="uppercase" c="gray.7" mb="sm" id="smart-review-heading" style={{ letterSpacing: 0.4 }}>
            {t('smartReview.title')}
          </Title>
          {body}
        </Paper>
      ) : (
        <Stack gap="sm" component="section" aria-labelledby="smart-review-heading">
          <Title order={3} fz="md" id="smart-review-heading">
            {t('smartReview.title')}
          </Title>
          {body}
        </Stack>
      )}

      <Modal opened={dialog?.kind === 'pending-invoice'} onClose={() => setDialog(null)} title={<Text fw={650}>{t('smartReview.pending-invoice.title')}</Text>} centered>
        <Stack>
          <Text size="sm">{t('smartReview.pending-invoice.body', { id: dialog?.kind === 'pending-invoice' ? (dialog.invoiceId ?? '') : '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('smartReview.pending-invoice.close')}
            </Button>
            <Button component={Link} to="/billing">
              {t('smartReview.pending-invoice.review')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog?.kind === 'confirm-payment'} onClose={() => setDialog(null)} title={<Text fw={650}>{t('smartReview.confirm-payment.title')}</Text>} centered>
        <Stack>
          <Text size="sm">{t('smartReview.confirm-payment.body', { price, balance })}</Text>
          {short && (
            <Text size="sm" c="orange.8">
              {t('smartReview.confirm-payment.short')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)} disabled={change.isPending}>
              {t('smartReview.confirm-payment.cancel')}
            </Button>
            <Button
              loading={change.isPending}
              onClick={() => (short ? setDialog({ kind: 'top-up' }) : change.mutate(true))}
            >
              {t(short ? 'smartReview.confirm-payment.top-up' : 'smartReview.confirm-payment.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <PaymentFormModal
        opened={dialog?.kind === 'top-up'}
        amountDueCents={Math.max(1, sr.pricePerScan - me.brand.walletBalance)}
        currency={me.brand.currency}
        reason={t('smartReview.confirm-payment.reason', { price })}
        onPaid={() => change.mutate(true)}
        onClose={() => setDialog(null)}
      />

      <Modal opened={dialog?.kind === 'attention'} onClose={() => setDialog(null)} title={<Text fw={650}>{t('smartReview.attention.title')}</Text>} centered>
        <Stack>
          <Text size="sm">{t('smartReview.attention.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)} disabled={change.isPending}>
              {t('smartReview.attention.cancel')}
            </Button>
            <Button color="red" loading={change.isPending} onClick={() => change.mutate(false)}>
              {t('smartReview.attention.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export default SmartReviewPanel;

/** Link to the review queue, shown next to the panel where it helps. */
export function ReviewQueueLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/receipts" size="sm">
      {t('smartReview.queue.title')}
    </Anchor>
  );
}
