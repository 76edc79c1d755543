import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { openConfirm } from '../../../components/confirm-dialog';
import { IconArrowLeft, IconPencil, IconUserMinus } from '@tabler/icons-react';
import { ZRetailerFields, type TRetailerFields, type TStoreActivity, type TStoreDetail } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../app/session';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useRemoveStoreUser, useStoreDetail, useUpdateRetailer } from '../api/store-page-api';
import { StoreStatusBadge } from './store-status-badge';
import { StoreStaff } from '../../staff';
import { StoreJoinPanel } from './store-join-panel';

type TStore = TStoreDetail['store'];
const EDITABLE = [
  'storeName',
  'street',
  'city',
  'region',
  'postalCode',
  'countryCode',
  'refId',
  'externalStoreId',
] as const;

function RetailerForm({ store, onClose }: { store: TStore; onClose(): void }) {
  const { t } = useTranslation();
  const update = useUpdateRetailer();
  const [values, setValues] = useState<Record<(typeof EDITABLE)[number], string>>({
    storeName: store.storeName,
    street: store.street,
    city: store.city,
    region: store.region,
    postalCode: store.postalCode,
    countryCode: store.countryCode,
    refId: store.refId ?? '',
    externalStoreId: store.externalStoreId ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function save() {
    const fields: Record<string, string | null> = {};
    for (const key of EDITABLE) {
      const original = key === 'refId' || key === 'externalStoreId' ? (store[key] ?? '') : store[key];
      if (values[key] !== original)
        fields[key] = (key === 'refId' || key === 'externalStoreId') && values[key] === '' ? null : values[key];
    }
    if (Object.keys(fields).length === 0) return onClose();
    const parsed = ZRetailerFields.safeParse(fields);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    update.mutate(
      { storeId: store.id, fields: parsed.data as TRetailerFields },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('stores.page.saved') });
          onClose();
        },
        onError: (error) =>
          notify({ color: 'red', title: t('stores.page.save-failed'), message: errorMessage(t, error) }),
      },
    );
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack>
        {EDITABLE.map((key) => (
          <TextInput
            key={key}
            label={t(`stores.page.fields.${key}`)}
            value={values[key]}
            error={errors[key]}
            onChange={(e) => setValues({ ...values, [key]: e.currentTarget.value })}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('stores.page.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ActivityItem({ entry }: { entry: TStoreActivity }) {
  const { t, i18n } = useTranslation();
  const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
  return (
    <Timeline.Item title={t(`stores.page.actions.${entry.action as 'status-changed'}`, { defaultValue: entry.action })}>
      <Text size="xs" c="dimmed">
        {entry.actorName} · {formatListDate(entry.createdAt, i18n.language)}
      </Text>
      {entry.changes.map((c, i) => (
        <Text size="sm" key={i}>
          {t(`stores.page.fields.${c.field as 'storeName'}`, { defaultValue: c.field })}: {show(c.old)} → {show(c.new)}
        </Text>
      ))}
    </Timeline.Item>
  );
}

/** /stores/:id — one store: its details (retailer fields editable), its staff (the staff feature's panel; removable) and its activity. */
export function StorePage() {
  const { t } = useTranslation();
  const me = useSession();
  const canUpdate = me.permissions.includes('store:update');
  const canManageStaff = me.permissions.includes('staff:manage');
  const id = Number(useParams().id);
  const detail = useStoreDetail(id);
  const remove = useRemoveStoreUser();
  const [editing, setEditing] = useState(false);

  if (detail.isPending) return <FullPageLoader />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const { store, activity } = detail.data;

  function confirmRemove(user: { id: number; name: string }) {
    void openConfirm({
      title: t('stores.page.remove-title'),
      body: t('stores.page.remove-body', { name: user.name, store: store.storeName }),
      confirmLabel: t('stores.page.remove-confirm'),
      danger: true,
    }).then((confirmed) => {
      if (!confirmed) return;
      remove.mutate(
        { storeId: store.id, userId: user.id },
        {
          onSuccess: () => notify({ color: 'teal', message: t('stores.page.removed', { name: user.name }) }),
          onError: (error) => notify({ color: 'red', message: errorMessage(t, error) }),
        },
      );
    });
  }

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Anchor component={Link} to="/stores" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> {t('stores.page.back')}
        </Group>
      </Anchor>
      <PageHeader
        title={store.storeName}
        subtitle={store.address.formattedAddress}
        action={
          canUpdate && (
            <Button leftSection={<IconPencil size={16} aria-hidden />} variant="light" onClick={() => setEditing(true)}>
              {t('stores.page.edit')}
            </Button>
          )
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Paper withBorder radius="md" p="md">
              <Group gap="md">
                <StoreStatusBadge status={store.status} />
                <Text size="sm">
                  {t('stores.page.fields.refId')}: <b>{store.refId ?? '—'}</b>
                </Text>
                <Text size="sm">
                  {t('stores.page.fields.externalStoreId')}: <b>{store.externalStoreId ?? '—'}</b>
                </Text>
                <Badge variant="light">{store.countryCode}</Badge>
              </Group>
            </Paper>
            <StoreStaff
              storeId={store.id}
              extraActions={
                canUpdate
                  ? (u) => (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconUserMinus size={14} aria-hidden />}
                        onClick={() => confirmRemove(u)}
                        aria-label={t('stores.page.remove-user', { name: u.name })}
                      >
                        {t('stores.page.remove')}
                      </Button>
                    )
                  : undefined
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            {canManageStaff && <StoreJoinPanel storeId={store.id} approved={store.status === 'approved'} />}
            <Paper withBorder radius="md" p="md" aria-label={t('stores.page.activity')} component="section">
              <Title order={2} fz="h4" mb="sm">
                {t('stores.page.activity')}
              </Title>
              {activity.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('stores.page.no-activity')}
                </Text>
              ) : (
                <Timeline bulletSize={12} lineWidth={2}>
                  {activity.map((entry) => (
                    <ActivityItem key={entry.id} entry={entry} />
                  ))}
                </Timeline>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal opened={editing} onClose={() => setEditing(false)} title={t('stores.page.edit')} centered>
        {editing && <RetailerForm store={store} onClose={() => setEditing(false)} />}
      </Modal>
    </Stack>
  );
}

export default StorePage;
