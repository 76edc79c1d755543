import { useState } from 'react';
import { Badge, Button, Select, Stack, Tabs } from '@mantine/core';
import { openConfirm } from '../../../components/confirm-dialog';
import { notifications } from '@mantine/notifications';
import { IconFlag } from '@tabler/icons-react';
import { CAMPAIGN_STATUSES, type TCampaign, type TCampaignStatus, type TCreateDraftType } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session';
import { CountTabs } from '../../../components/paged-table/count-tabs';
import { ListEmptyState } from '../../../components/paged-table/list-empty-state';
import { PagedListPanel } from '../../../components/paged-table/paged-list-panel';
import { TableSearch } from '../../../components/paged-table/table-search';
import { useUrlPagedSearch } from '../../../components/paged-table/use-url-paged-search';
import { useStatusParam } from '../../../components/paged-table/use-status-param';
import { PageHeader } from '../../../components/page-header';
import { EndCampaignDialog } from '../../../components/end-campaign/end-campaign-dialog';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format';
import {
  CAMPAIGN_LIST_SORTS,
  DEFAULT_CAMPAIGN_LIST_SORT,
  useCampaignList,
  useCreateDraft,
  useDeleteCampaign,
  useDuplicateCampaign,
  useInvitations,
  useStatusSummary,
  type TCampaignListSort,
} from '../api/campaigns-api';
import { CampaignTable, campaignPath } from './campaign-table';
import { CreateCampaignMenu } from './create-campaign-menu';
import { LaunchedNotice } from './launched-notice';
import { InvitationsPanel } from './invitations-panel';
import { GuidedStart } from '../../onboarding';

const STATUS_TABS: readonly ('all' | TCampaignStatus)[] = ['all', ...CAMPAIGN_STATUSES];

function isSort(value: string | null): value is TCampaignListSort {
  return value !== null && (CAMPAIGN_LIST_SORTS as readonly string[]).includes(value);
}

export function CampaignListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useSession();
  // The URL owns the status so links like /campaign?status=draft (the builder's Back) land on the right tab.
  const [status, changeTab] = useStatusParam(CAMPAIGN_STATUSES);
  // Search, sort and page live in the URL too, so back/forward and shared links restore them.
  const { search, filter, currentPage, setSearch, clearSearch, setPage, sort, setSort } = useUrlPagedSearch({
    sorts: CAMPAIGN_LIST_SORTS,
    defaultSort: DEFAULT_CAMPAIGN_LIST_SORT,
  });

  const summary = useStatusSummary();
  // Shared campaigns other brands invited this one to: a second tab, shown once there is any.
  const [params, setParams] = useSearchParams();
  const invitationsView = params.get('view') === 'invitations';
  const invitations = useInvitations(1);
  const showInvitations = invitationsView || (invitations.data?._meta.totalCount ?? 0) > 0;
  const list = useCampaignList({ status, filter, sort, currentPage });
  const createDraft = useCreateDraft();
  const duplicate = useDuplicateCampaign();
  const remove = useDeleteCampaign();

  const canCreate = me.permissions.includes('campaign:create');
  const canDelete = me.permissions.includes('campaign:delete');
  const canEnd = me.permissions.includes('campaign:launch');
  const [ending, setEnding] = useState<TCampaign | null>(null);

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
    void openConfirm({
      title: t('campaign.delete.title'),
      body: t('campaign.delete.body', { name }),
      confirmLabel: t('campaign.delete.confirm'),
      danger: true,
    }).then((confirmed) => {
      if (!confirmed) return;
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
      });
    });
  }

  const busyId =
    (duplicate.isPending ? duplicate.variables : undefined) ??
    (remove.isPending ? remove.variables : undefined) ??
    null;
  const hasQuery = filter !== '' || status !== null;

  function renderBody() {
    if (list.data?.items.length === 0) {
      return (
        <ListEmptyState
          searched={hasQuery}
          icon={<IconFlag aria-hidden />}
          title={t(hasQuery ? 'campaign.list.empty-search.title' : 'campaign.list.empty.title')}
          description={t(
            hasQuery
              ? 'campaign.list.empty-search.description'
              : canCreate
                ? 'campaign.list.empty.description'
                : 'campaign.list.empty.description-readonly',
          )}
          action={
            hasQuery
              ? filter !== '' && (
                  <Button variant="light" onClick={clearSearch}>
                    {t('campaign.list.clear-search')}
                  </Button>
                )
              : canCreate && <CreateCampaignMenu brand={me.brand} onCreate={create} loading={createDraft.isPending} />
          }
        />
      );
    }
    // Without a page yet (loading, or failed: the panel then shows the retry instead) the table shows skeleton rows.
    return (
      <CampaignTable
        campaigns={list.data?.items}
        canDuplicate={canCreate}
        canDelete={canDelete}
        onDuplicate={duplicateCampaign}
        onDelete={confirmDelete}
        canEnd={canEnd}
        onEnd={setEnding}
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
      {/* A new brand's checklist (first campaign, stores and staff, money); gone once done or hidden. */}
      <GuidedStart campaignAction={canCreate && <CreateCampaignMenu brand={me.brand} onCreate={create} loading={createDraft.isPending} />} />

      {showInvitations && (
        <Tabs
          value={invitationsView ? 'invitations' : 'campaigns'}
          onChange={(v) => setParams(v === 'invitations' ? { view: 'invitations' } : {})}
          activateTabWithKeyboard
        >
          <Tabs.List aria-label={t('campaign.invitations.tabs')}>
            <Tabs.Tab value="campaigns">{t('campaign.invitations.tab-campaigns')}</Tabs.Tab>
            <Tabs.Tab value="invitations">
              {t('campaign.invitations.tab-invitations')}{' '}
              <Badge size="sm" color={invitations.data?.pending ? 'yellow' : 'gray'} ml={4}>
                {formatNumber(invitations.data?.pending ?? 0, i18n.language)}
              </Badge>
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
      )}

      {invitationsView ? (
        <InvitationsPanel />
      ) : (
        <PagedListPanel
          list={list}
          tabs={
            <CountTabs
              label={t('campaign.list.status-tabs')}
              tabs={STATUS_TABS}
              value={status ?? 'all'}
              onChange={changeTab}
              tabLabel={(tab) => t(`campaign.status.${tab}`)}
              counts={summary.data}
            />
          }
          toolbar={
            <>
              <TableSearch
                label={t('campaign.list.search')}
                placeholder={t('campaign.list.search-placeholder')}
                value={search}
                onChange={setSearch}
                onClear={clearSearch}
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
            </>
          }
          toolbarJustify="space-between"
          currentPage={currentPage}
          onPageChange={setPage}
          summary={(total) => t('campaign.list.total', total)}
          paginationLabel={t('campaign.list.pagination.label')}
        >
          {renderBody()}
        </PagedListPanel>
      )}
      {ending && <EndCampaignDialog campaign={ending} onClose={() => setEnding(null)} />}
    </Stack>
  );
}

export default CampaignListPage;
