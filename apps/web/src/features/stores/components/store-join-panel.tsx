import { Anchor, Button, CopyButton, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import {
  useDecideJoinRequest,
  useJoinLink,
  useJoinRequests,
  useJoinSettings,
  useRotateJoinLink,
  useSaveJoinSettings,
} from '../api/store-join-api';

/**
 * Join by store code on the store page (decision 0025): the store's join link and QR code, the printable poster,
 * a new code; the people waiting to join this store, approved or refused here; the brand's auto-approve.
 */
export function StoreJoinPanel({ storeId, approved }: { storeId: number; approved: boolean }) {
  const { t } = useTranslation();
  const link = useJoinLink(storeId, approved);
  const rotate = useRotateJoinLink(storeId);
  const requests = useJoinRequests(true);
  const decide = useDecideJoinRequest();
  const settings = useJoinSettings(true);
  const saveSettings = useSaveJoinSettings();
  const waiting = (requests.data?.items ?? []).filter((r) => r.storeId === storeId);

  const confirmRotate = async () => {
    const ok = await openConfirm({
      title: t('stores.join.rotate-title'),
      body: t('stores.join.rotate-body'),
      confirmLabel: t('stores.join.rotate'),
      danger: true,
    });
    if (!ok) return;
    rotate.mutate(undefined, {
      onSuccess: () => notify({ color: 'teal', message: t('stores.join.rotated') }),
      onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
    });
  };

  const onDecide = (storeUserId: number, name: string, decision: 'approve' | 'refuse') =>
    decide.mutate(
      { storeUserId, decision },
      {
        onSuccess: () =>
          notify({
            color: 'teal',
            message: t(decision === 'approve' ? 'stores.join.approved' : 'stores.join.refused', { name }),
          }),
        onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
      },
    );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="store-join-title">
      <Stack>
        <Title order={2} fz="h4" id="store-join-title">
          {t('stores.join.title')}
        </Title>
        {!approved ? (
          <Text c="dimmed" size="sm">
            {t('stores.join.only-approved')}
          </Text>
        ) : link.data ? (
          <Group align="flex-start" wrap="nowrap">
            <QRCodeSVG value={link.data.url} size={120} aria-label={t('stores.join.qr')} role="img" />
            <Stack gap="xs" style={{ flex: 1 }}>
              <TextInput label={t('stores.join.link')} value={link.data.url} readOnly data-testid="store-join-url" />
              <Group gap="xs">
                <CopyButton value={link.data.url}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? t('stores.join.copied') : t('stores.join.copy')}
                    </Button>
                  )}
                </CopyButton>
                <Button
                  size="xs"
                  variant="light"
                  component="a"
                  href={`/api/stores/${storeId}/join-poster.pdf`}
                  leftSection={<IconDownload size={14} aria-hidden />}
                >
                  {t('stores.join.poster')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void confirmRotate()}
                  loading={rotate.isPending}
                  leftSection={<IconRefresh size={14} aria-hidden />}
                >
                  {t('stores.join.rotate')}
                </Button>
              </Group>
            </Stack>
          </Group>
        ) : link.isError ? (
          <Text c="red" size="sm">
            {errorMessage(t, link.error)}
          </Text>
        ) : null}
        <Switch
          label={t('stores.join.auto-approve')}
          description={t('stores.join.auto-approve-hint')}
          checked={settings.data?.autoApprove ?? false}
          disabled={!settings.data || saveSettings.isPending}
          onChange={(e) => saveSettings.mutate(e.currentTarget.checked)}
        />
        <Title order={3} fz="h5">
          {t('stores.join.waiting', { count: waiting.length })}
        </Title>
        {waiting.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('stores.join.none-waiting')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {waiting.map((r) => (
              <Group key={r.storeUserId} component="li" justify="space-between" aria-label={r.name}>
                <div>
                  <Text size="sm" fw={600}>
                    {r.name}
                  </Text>
                  <Anchor size="xs" href={`mailto:${r.email}`}>
                    {r.email}
                  </Anchor>
                </div>
                <Group gap="xs">
                  <Button
                    size="xs"
                    onClick={() => onDecide(r.storeUserId, r.name, 'approve')}
                    aria-label={t('stores.join.approve-name', { name: r.name })}
                  >
                    {t('stores.join.approve')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onDecide(r.storeUserId, r.name, 'refuse')}
                    aria-label={t('stores.join.refuse-name', { name: r.name })}
                  >
                    {t('stores.join.refuse')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
