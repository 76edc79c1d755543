import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  TagsInput,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAward, IconTrophy } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { TCampaign, TContestRankDataBody, TPrizeListItem, TPrizeWinner, TRankRow } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useBrandCurrency } from '../../../app/session';
import { ErrorState } from '../../../components/error-state';
import { errorMessage } from '../../../lib/error-message';
import { formatListDate, formatMoney, formatNumber } from '../../../lib/format';
import {
  RANK_PAGE_SIZE,
  useAssignPrize,
  useContestRank,
  useGroupOptions,
  usePrizeList,
  usePrizeUserForm,
  useStoreOptions,
} from '../api/leaderboard-api';

interface TFilters {
  storeIds: string[];
  groupIds: string[];
  countryCodes: string[];
  range: DatesRangeValue<string>;
}

const NO_FILTERS: TFilters = { storeIds: [], groupIds: [], countryCodes: [], range: [null, null] };

/** The date range is read as whole days in the campaign's time zone, the way the report shows days. */
export function toRankBody(filters: TFilters, timeZone: string, currentPage: number): TContestRankDataBody {
  const [from, to] = filters.range;
  return {
    filters: {
      ...(filters.storeIds.length ? { storeIds: filters.storeIds.map(Number) } : {}),
      ...(filters.groupIds.length ? { groupIds: filters.groupIds.map(Number) } : {}),
      ...(filters.countryCodes.length ? { countryCodes: filters.countryCodes } : {}),
      ...(from ? { from: dayjs.tz(from, timeZone).startOf('day').unix() } : {}),
      ...(to ? { to: dayjs.tz(to, timeZone).endOf('day').unix() } : {}),
    },
    currentPage,
    perPage: RANK_PAGE_SIZE,
  };
}

function Filters({
  value,
  onChange,
  campaign,
}: {
  value: TFilters;
  onChange: (f: TFilters) => void;
  campaign: TCampaign;
}) {
  const { t } = useTranslation();
  const [storeSearch, setStoreSearch] = useState('');
  const [groupSearch, setGroupSearch] = useState('');
  const [storeQuery] = useDebouncedValue(storeSearch, 250);
  const [groupQuery] = useDebouncedValue(groupSearch, 250);
  const stores = useStoreOptions(storeQuery);
  const groups = useGroupOptions(groupQuery);
  // Chosen options stay listed (with their names) when the search moves on.
  const [known, setKnown] = useState<Record<string, string>>({});
  const storeData = useMemo(() => {
    const map = new Map<string, string>(value.storeIds.map((id) => [id, known[`s${id}`] ?? `#${id}`]));
    for (const s of stores.data?.items ?? []) map.set(String(s.id), s.storeName);
    return [...map].map(([v, label]) => ({ value: v, label }));
  }, [stores.data, value.storeIds, known]);
  const groupData = useMemo(() => {
    const map = new Map<string, string>(value.groupIds.map((id) => [id, known[`g${id}`] ?? `#${id}`]));
    for (const g of groups.data?.items ?? []) map.set(String(g.id), g.name);
    return [...map].map(([v, label]) => ({ value: v, label }));
  }, [groups.data, value.groupIds, known]);
  const countryData = useMemo(
    () =>
      [...new Set([...campaign.scope.countryCodes, ...(stores.data?.items ?? []).map((s) => s.countryCode)])]
        .filter(Boolean)
        .sort(),
    [campaign.scope.countryCodes, stores.data],
  );
  const remember = (prefix: string, data: { value: string; label: string }[], ids: string[]) =>
    setKnown((k) => ({
      ...k,
      ...Object.fromEntries(data.filter((d) => ids.includes(d.value)).map((d) => [`${prefix}${d.value}`, d.label])),
    }));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('report.leaderboard.filters.label')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <MultiSelect
          label={t('report.leaderboard.filters.stores')}
          placeholder={value.storeIds.length ? undefined : t('report.leaderboard.filters.all')}
          searchable
          clearable
          searchValue={storeSearch}
          onSearchChange={setStoreSearch}
          data={storeData}
          value={value.storeIds}
          onChange={(ids) => {
            remember('s', storeData, ids);
            onChange({ ...value, storeIds: ids });
          }}
          nothingFoundMessage={t('report.leaderboard.filters.none-found')}
        />
        <MultiSelect
          label={t('report.leaderboard.filters.groups')}
          placeholder={value.groupIds.length ? undefined : t('report.leaderboard.filters.all')}
          searchable
          clearable
          searchValue={groupSearch}
          onSearchChange={setGroupSearch}
          data={groupData}
          value={value.groupIds}
          onChange={(ids) => {
            remember('g', groupData, ids);
            onChange({ ...value, groupIds: ids });
          }}
          nothingFoundMessage={t('report.leaderboard.filters.none-found')}
        />
        <TagsInput
          label={t('report.leaderboard.filters.countries')}
          placeholder={value.countryCodes.length ? undefined : t('report.leaderboard.filters.countries-placeholder')}
          data={countryData}
          clearable
          value={value.countryCodes}
          onChange={(codes) =>
            onChange({
              ...value,
              countryCodes: [...new Set(codes.map((c) => c.trim().toUpperCase()).filter((c) => /^[A-Z]{2}$/.test(c)))],
            })
          }
        />
        <DatePickerInput
          type="range"
          label={t('report.leaderboard.filters.dates')}
          // Its placeholder is visible text in the field's button: dark enough to read (4.5:1, axe color-contrast).
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          placeholder={t('report.leaderboard.filters.all-dates')}
          clearable
          allowSingleDateInRange
          value={value.range}
          onChange={(range) => onChange({ ...value, range })}
        />
      </SimpleGrid>
      {value !== NO_FILTERS ? (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => onChange(NO_FILTERS)}>
          {t('report.leaderboard.filters.reset')}
        </Button>
      ) : null}
    </Paper>
  );
}

interface TAssignTarget {
  userId: number;
  userName: string | null;
  storeId: number | null;
  /** Assigning an unlock that waits for assignment; otherwise the prize is chosen in the dialog. */
  prize?: TPrizeListItem;
  unlock?: TPrizeWinner;
}

function AssignPrizeDialog({
  campaignId,
  target,
  prizes,
  onClose,
}: {
  campaignId: number;
  target: TAssignTarget | null;
  prizes: TPrizeListItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const assign = useAssignPrize(campaignId);
  const available = prizes.filter((p) => p.assigned < p.totalAvailable);
  const [chosen, setChosen] = useState<string | null>(null);
  const prize =
    target?.prize ??
    available.find((p) => String(p.rewardId) === chosen) ??
    (available.length === 1 ? available[0] : undefined);
  const close = () => {
    assign.reset();
    setChosen(null);
    onClose();
  };
  const confirm = () => {
    if (!target || !prize) return;
    assign.mutate(
      {
        rewardId: prize.rewardId,
        userId: target.userId,
        ...(target.storeId !== null ? { unitId: target.storeId } : {}),
        ...(target.unlock ? { unlockId: target.unlock.unlockId } : {}),
        ...(target.unlock?.formId ? { formId: target.unlock.formId } : {}),
      },
      { onSuccess: close },
    );
  };
  const name = target?.userName ?? `#${target?.userId ?? ''}`;
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={t('report.leaderboard.assign.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Stack gap="md">
        {target && !target.prize ? (
          available.length === 0 ? (
            <Text>{t('report.leaderboard.assign.none-left')}</Text>
          ) : (
            <Select
              label={t('report.leaderboard.assign.prize')}
              data={available.map((p) => ({
                value: String(p.rewardId),
                label: `${p.title || t('report.leaderboard.prizes.untitled')} (${t('report.leaderboard.prizes.left', { count: p.totalAvailable - p.assigned })})`,
              }))}
              value={prize ? String(prize.rewardId) : chosen}
              onChange={setChosen}
              allowDeselect={false}
            />
          )
        ) : null}
        {prize ? (
          <Text>
            {t('report.leaderboard.assign.confirm', {
              prize: prize.title || t('report.leaderboard.prizes.untitled'),
              name,
            })}
          </Text>
        ) : null}
        {assign.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(t, assign.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} loading={assign.isPending} disabled={!prize}>
            {t('report.leaderboard.assign.action')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DeliveryFormDialog({
  query,
  onClose,
}: {
  query: { unlockId: number; rewardId: number; userId: number; name: string } | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = usePrizeUserForm(
    query ? { unlockId: query.unlockId, rewardId: query.rewardId, userId: query.userId } : null,
  );
  const f = form.data?.form ?? null;
  const rows: [string, string][] = f
    ? [
        [t('report.leaderboard.form.fullName'), f.fullName],
        [t('report.leaderboard.form.phone'), f.phone],
        [t('report.leaderboard.form.address'), [f.addressLine1, f.addressLine2].filter(Boolean).join(', ')],
        [t('report.leaderboard.form.city'), `${f.postalCode} ${f.city}`],
        [t('report.leaderboard.form.country'), f.countryCode],
        [t('report.leaderboard.form.notes'), f.notes],
        [t('report.leaderboard.form.submitted'), formatListDate(f.submittedAt, i18n.language)],
      ]
    : [];
  return (
    <Modal
      opened={query !== null}
      onClose={onClose}
      title={t('report.leaderboard.form.title', { name: query?.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {form.isPending ? <Skeleton height={120} /> : null}
      {form.isError ? <ErrorState error={form.error} onRetry={() => void form.refetch()} /> : null}
      {form.isSuccess && !f ? <Text c="dimmed">{t('report.leaderboard.form.not-filled')}</Text> : null}
      {f ? (
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, text]) => (
              <Table.Tr key={label}>
                <Table.Th w={140}>{label}</Table.Th>
                <Table.Td>{text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Modal>
  );
}

function RankingTable({
  rows,
  flags,
  canAssign,
  onAssign,
}: {
  rows: TRankRow[];
  flags: { user: boolean; store: boolean; submissions: boolean; sales: boolean };
  canAssign: boolean;
  onAssign: (row: TRankRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const currency = useBrandCurrency();
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('report.leaderboard.rank')}</Table.Th>
            {flags.user ? <Table.Th scope="col">{t('report.leaderboard.user')}</Table.Th> : null}
            {flags.store ? <Table.Th scope="col">{t('report.leaderboard.store')}</Table.Th> : null}
            {flags.submissions ? <Table.Th scope="col">{t('report.leaderboard.submissions')}</Table.Th> : null}
            {flags.sales ? <Table.Th scope="col">{t('report.leaderboard.sales')}</Table.Th> : null}
            {canAssign ? (
              <Table.Th scope="col">
                <VisuallyHidden>{t('report.leaderboard.assign.column')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.rank}-${row.userId ?? ''}-${row.storeId ?? ''}`}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {row.rank <= 3 ? (
                    <IconTrophy size={16} aria-hidden color={['#f59f00', '#868e96', '#d9480f'][row.rank - 1]} />
                  ) : null}
                  {formatNumber(row.rank, i18n.language)}
                </Group>
              </Table.Td>
              {flags.user ? <Table.Td>{row.userName ?? '—'}</Table.Td> : null}
              {flags.store ? <Table.Td>{row.storeName ?? '—'}</Table.Td> : null}
              {flags.submissions ? (
                <Table.Td>{row.submissions === null ? '—' : formatNumber(row.submissions, i18n.language)}</Table.Td>
              ) : null}
              {flags.sales ? (
                <Table.Td>
                  {row.salesAmountCents === null ? '—' : formatMoney(row.salesAmountCents, i18n.language, currency)}
                </Table.Td>
              ) : null}
              {canAssign ? (
                <Table.Td>
                  {row.userId !== null ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => onAssign(row)}
                      aria-label={t('report.leaderboard.assign.to', { name: row.userName ?? `#${row.userId}` })}
                    >
                      {t('report.leaderboard.assign.short')}
                    </Button>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PrizeList({
  prizes,
  onAssign,
  onShowForm,
}: {
  prizes: TPrizeListItem[];
  onAssign: (prize: TPrizeListItem, unlock: TPrizeWinner) => void;
  onShowForm: (prize: TPrizeListItem, unlock: TPrizeWinner) => void;
}) {
  const { t, i18n } = useTranslation();
  const currency = useBrandCurrency();
  return (
    <section aria-labelledby="prize-list-title">
      <Title order={2} fz="h4" id="prize-list-title" mb="sm">
        {t('report.leaderboard.prizes.title')}
      </Title>
      {prizes.length === 0 ? <Text c="dimmed">{t('report.leaderboard.prizes.none')}</Text> : null}
      <Stack gap="sm">
        {prizes.map((prize) => (
          <Paper
            key={prize.rewardId}
            withBorder
            radius="md"
            p="md"
            aria-label={prize.title || t('report.leaderboard.prizes.untitled')}
            component="article"
          >
            <Group justify="space-between" mb="xs">
              <Group gap="xs">
                <IconAward size={18} aria-hidden />
                <Text fw={600}>{prize.title || t('report.leaderboard.prizes.untitled')}</Text>
                {prize.valueCents !== null ? (
                  <Text c="dimmed">{formatMoney(prize.valueCents, i18n.language, currency)}</Text>
                ) : null}
              </Group>
              <Badge variant="light">
                {t('report.leaderboard.prizes.assigned', { assigned: prize.assigned, total: prize.totalAvailable })}
              </Badge>
            </Group>
            {prize.unlocks.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('report.leaderboard.prizes.no-winners')}
              </Text>
            ) : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('report.leaderboard.user')}</Table.Th>
                    <Table.Th scope="col">{t('report.leaderboard.store')}</Table.Th>
                    <Table.Th scope="col">{t('report.leaderboard.prizes.status')}</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>{t('report.leaderboard.assign.column')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {prize.unlocks.map((u) => (
                    <Table.Tr key={u.unlockId}>
                      <Table.Td>{u.userName ?? '—'}</Table.Td>
                      <Table.Td>{u.storeName ?? '—'}</Table.Td>
                      <Table.Td>
                        {u.status === 'assigned' ? (
                          <Text size="sm">
                            {t('report.leaderboard.prizes.status-assigned', {
                              by: u.assignedByName ?? '—',
                              at: u.assignedAt === null ? '' : formatListDate(u.assignedAt, i18n.language),
                            })}
                          </Text>
                        ) : (
                          // The dot variant keeps the label dark: yellow text on its light tint fails AA contrast (2.7:1).
                          <Badge color="yellow" variant="dot">
                            {t('report.leaderboard.prizes.status-awaiting')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {/* Once every unit is given, a candidate left waiting can no longer be assigned one. */}
                          {u.status === 'awaiting_assignment' && u.userId !== null && prize.assigned < prize.totalAvailable ? (
                            <Button size="compact-sm" onClick={() => onAssign(prize, u)}>
                              {t('report.leaderboard.assign.short')}
                            </Button>
                          ) : null}
                          {u.userId !== null ? (
                            <Button size="compact-sm" variant="default" onClick={() => onShowForm(prize, u)}>
                              {t('report.leaderboard.form.open')}
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        ))}
      </Stack>
    </section>
  );
}

/** The Leaderboard tab of a contest campaign's report: filters, paged ranking, prizes and their winners. */
export function LeaderboardTab({ campaign, canAssign }: { campaign: TCampaign; canAssign: boolean }) {
  const { t, i18n } = useTranslation();
  const live = campaign.status === 'active';
  const [filters, setFilters] = useState<TFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const body = toRankBody(filters, campaign.timeZone, page);
  const rank = useContestRank(campaign.id, body, live);
  const prizes = usePrizeList(campaign.id, live);
  const [assignTarget, setAssignTarget] = useState<TAssignTarget | null>(null);
  const [formQuery, setFormQuery] = useState<{
    unlockId: number;
    rewardId: number;
    userId: number;
    name: string;
  } | null>(null);

  const changeFilters = (next: TFilters) => {
    setFilters(next);
    setPage(1);
  };
  const contest = rank.data?.contest;
  const flags = {
    user: contest ? contest.type === 'user' && contest.displayLeadersByUserInfo : true,
    store: contest ? contest.displayLeadersByStoreInfo || contest.type === 'store' : true,
    submissions: contest ? contest.displayLeadersByNumberSubmissions : true,
    sales: contest ? contest.displayLeadersByTotalSalesAmount : false,
  };
  const prizeItems = prizes.data?.items ?? [];

  return (
    <Stack gap="lg">
      <Filters value={filters} onChange={changeFilters} campaign={campaign} />
      <section aria-labelledby="ranking-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="h4" id="ranking-title">
            {t('report.leaderboard.title')}
          </Title>
          {contest ? (
            <Text size="sm" c="dimmed">
              {t(`report.leaderboard.based-on.${contest.rankLeadersBasedOn}`)} ·{' '}
              {t(`report.leaderboard.contest-type.${contest.type}`)}
            </Text>
          ) : null}
        </Group>
        {rank.isPending ? <Skeleton height={240} radius="md" /> : null}
        {rank.isError ? <ErrorState error={rank.error} onRetry={() => void rank.refetch()} /> : null}
        {rank.data ? (
          rank.data.items.length === 0 ? (
            <Text c="dimmed">{t('report.leaderboard.empty')}</Text>
          ) : (
            <Paper withBorder radius="md" p="xs" aria-busy={rank.isFetching || undefined}>
              <RankingTable
                rows={rank.data.items}
                flags={flags}
                canAssign={canAssign && contest?.type === 'user' && prizeItems.length > 0}
                onAssign={(row) =>
                  row.userId !== null &&
                  setAssignTarget({ userId: row.userId, userName: row.userName, storeId: row.storeId })
                }
              />
              <Group justify="space-between" mt="sm" px="xs">
                <Text size="sm" c="dimmed">
                  {t('report.leaderboard.total', {
                    count: rank.data._meta.totalCount,
                    formatted: formatNumber(rank.data._meta.totalCount, i18n.language),
                  })}
                </Text>
                {rank.data._meta.pageCount > 1 ? (
                  <Pagination
                    total={rank.data._meta.pageCount}
                    value={page}
                    onChange={setPage}
                    size="sm"
                    getControlProps={(control) => ({ 'aria-label': t(`report.leaderboard.page.${control}`) })}
                    getItemProps={(p) => ({ 'aria-label': t('report.leaderboard.page.number', { page: p }) })}
                  />
                ) : null}
              </Group>
            </Paper>
          )
        ) : null}
      </section>
      {prizes.isError ? <ErrorState error={prizes.error} onRetry={() => void prizes.refetch()} /> : null}
      {prizes.data ? (
        <PrizeList
          prizes={prizeItems}
          onAssign={(prize, unlock) =>
            canAssign && unlock.userId !== null
              ? setAssignTarget({
                  userId: unlock.userId,
                  userName: unlock.userName,
                  storeId: unlock.storeId,
                  prize,
                  unlock,
                })
              : undefined
          }
          onShowForm={(prize, unlock) =>
            unlock.userId !== null &&
            setFormQuery({
              unlockId: unlock.unlockId,
              rewardId: prize.rewardId,
              userId: unlock.userId,
              name: unlock.userName ?? `#${unlock.userId}`,
            })
          }
        />
      ) : null}
      <AssignPrizeDialog
        campaignId={campaign.id}
        target={assignTarget}
        prizes={prizeItems}
        onClose={() => setAssignTarget(null)}
      />
      <DeliveryFormDialog query={formQuery} onClose={() => setFormQuery(null)} />
    </Stack>
  );
}
