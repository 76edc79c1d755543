import { useState } from 'react';
import { Button, EmptyState, Group, Pagination, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconFlag, IconSearch, IconX } from '@tabler/icons-react';
import { CAMPAIGN_STATUSES, type TCampaign, type TCampaignStatus, type TCreateDraftType } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth/components/session-context';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format';
import {
  CAMPAIGN_LIST_SORTS,
  DEFAULT_CAMPAIGN_LIST_SORT,
  useCampaignList,
  useCreateDraft,
  useDeleteCampaign,
  useDuplicateCampaign,
  useStatusSummary,
  type TCampaignListSort,
} from '../api/campaigns-api';
import { CampaignTable, CampaignTableSkeleton, campaignPath } from './campaign-table';
import { CreateCampaignMenu } from './create-campaign-menu';
import { LaunchedNotice } from './launched-notice';
import { StatusTabs, type TStatusTab } from './status-tabs';

const SEARCH_DEBOUNCE_MS = 300;

function parseStatus(value: string | null): TCampaignStatus | null {
  return value !== null && (CAMPAIGN_STATUSES as readonly string[]).includes(value) ? (value as TCampaignStatus) : null;
}

function isSort(value: string | null): value is TCampaignListSort {
  return value !== null && (CAMPAIGN_LIST_SORTS as readonly string[]).includes(value);
}

export function CampaignListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  // The URL owns the status so links like /campaign?status=draft (the builder's Back) land on the right tab.
  const status = parseStatus(searchParams.get('status'));

  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const applyFilter = useDebouncedCallback((value: string) => setFilter(value.trim()), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<TCampaignListSort>(DEFAULT_CAMPAIGN_LIST_SORT);

  // A page number only makes sense for the query it was chosen in; any other query starts at page 1.
  const queryKey = `${status ?? 'all'}|${filter}|${sort}`;
  const [paging, setPaging] = useState({ queryKey, page: 1 });
  const currentPage = paging.queryKey === queryKey ? paging.page : 1;
  const setPage = (page: number) => setPaging({ queryKey, page });

  const summary = useStatusSummary();
  const list = useCampaignList({ status, filter, sort, currentPage });
  const createDraft = useCreateDraft();
  const duplicate = useDuplicateCampaign();
  const remove = useDeleteCampaign();

  const pageCount = list.data?._meta.pageCount ?? 0;

  const canCreate = me.permissions.includes('campaign:create');
  const canDelete = me.permissions.includes('campaign:delete');

  function changeTab(tab: TStatusTab) {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (tab === 'all') next.delete('status');
        else next.set('status', tab);
        return next;
      },
      { replace: true },
    );
  }

  function create(type: TCreateDraftType) {
    createDraft.mutate(type, {
      onSuccess: (campaign) => void navigate(campaignPath(campaign)),
      onError: (error) =>
        notifications.show({ color: 'red', title: t('campaign.create.failed'), message: errorMessage(t, error) }),
    });
  }

  function duplicateCampaign(campaign: TCampaign) {
    duplicate.mutate(campaign.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('campaign.actions.duplicated') }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('campaign.actions.duplicate-failed'),
          message: errorMessage(t, error),
        }),
    });
  }

  function confirmDelete(campaign: TCampaign) {
    // Deleting the only row of a later page would otherwise leave the user on an empty page.
    const emptiesPage = list.data?.items.length === 1 && currentPage > 1;
    const name = campaign.name.trim() === '' ? t('campaign.list.untitled') : campaign.name;
    modals.openConfirmModal({
      title: t('campaign.delete.title'),
      centered: true,
      children: <Text size="sm">{t('campaign.delete.body', { name })}</Text>,
      labels: { confirm: t('campaign.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(campaign.id, {
          onSuccess: () => {
            if (emptiesPage) setPage(currentPage - 1);
            notifications.show({ color: 'teal', message: t('campaign.actions.deleted', { name }) });
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: t('campaign.actions.delete-failed'),
              message: errorMessage(t, error),
            }),
        }),
    });
  }

  const busyId =
    (duplicate.isPending ? duplicate.variables : undefined) ??
    (remove.isPending ? remove.variables : undefined) ??
    null;
  const totalCount = list.data?._meta.totalCount ?? 0;
  const hasQuery = filter !== '' || status !== null;

  function renderBody() {
    if (list.isPending) return <CampaignTableSkeleton />;
    if (list.isError && !list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
    if (list.data.items.length === 0) {
      return hasQuery ? (
        <EmptyState
          py="xl"
          icon={<IconSearch aria-hidden />}
          title={t('campaign.list.empty-search.title')}
          description={t('campaign.list.empty-search.description')}
        >
          {filter !== '' && (
            <EmptyState.Actions>
              <Button
                variant="light"
                onClick={() => {
                  setSearch('');
                  setFilter('');
                }}
              >
                {t('campaign.list.clear-search')}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      ) : (
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconFlag aria-hidden />}
          title={t('campaign.list.empty.title')}
          description={t(canCreate ? 'campaign.list.empty.description' : 'campaign.list.empty.description-readonly')}
        >
          {canCreate && (
            <EmptyState.Actions>
              <CreateCampaignMenu brand={me.brand} onCreate={create} loading={createDraft.isPending} />
            </EmptyState.Actions>
          )}
        </EmptyState>
      );
    }
    return (
      <CampaignTable
        campaigns={list.data.items}
        canDuplicate={canCreate}
        canDelete={canDelete}
        onDuplicate={duplicateCampaign}
        onDelete={confirmDelete}
        busyId={busyId}
        stale={list.isPlaceholderData}
      />
    );
  }

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <PageHeader
        title={t('campaign.list.title')}
        subtitle={t('campaign.list.subtitle', { brand: me.brand.name })}
        action={canCreate && <CreateCampaignMenu brand={me.brand} onCreate={create} loading={createDraft.isPending} />}
      />
      <LaunchedNotice />

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Stack gap={0}>
          <StatusTabs value={status ?? 'all'} onChange={changeTab} summary={summary.data} />
          <Group p="md" gap="sm" justify="space-between" wrap="wrap">
            <TextInput
              aria-label={t('campaign.list.search')}
              placeholder={t('campaign.list.search-placeholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                search !== '' && (
                  <IconX
                    size={14}
                    role="button"
                    aria-label={t('campaign.list.clear-search')}
                    style={{ cursor: 'pointer' }}
                    onClick={() => {
                      setSearch('');
                      setFilter('');
                    }}
                  />
                )
              }
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                applyFilter(event.currentTarget.value);
              }}
              type="search"
              w={{ base: '100%', sm: 320 }}
            />
            <Select
              aria-label={t('campaign.list.sort')}
              data={CAMPAIGN_LIST_SORTS.map((value) => ({ value, label: t(`campaign.list.sort-options.${value}`) }))}
              value={sort}
              onChange={(value) => {
                if (isSort(value)) setSort(value);
              }}
              allowDeselect={false}
              w={{ base: '100%', sm: 200 }}
            />
          </Group>
          {renderBody()}
          {list.data && list.data.items.length > 0 && (
            <Group justify="space-between" p="md" wrap="wrap">
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('campaign.list.total', { count: totalCount, formatted: formatNumber(totalCount, i18n.language) })}
              </Text>
              {pageCount > 1 && (
                <nav aria-label={t('campaign.list.pagination.label')}>
                  <Pagination
                    total={pageCount}
                    value={currentPage}
                    onChange={setPage}
                    getControlProps={(control) => ({
                      'aria-label': t(`campaign.list.pagination.${control}`),
                    })}
                    getItemProps={(page) => ({ 'aria-label': t('campaign.list.pagination.page', { page }) })}
                  />
                </nav>
              )}
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

export default CampaignListPage;
