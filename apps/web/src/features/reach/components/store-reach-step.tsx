import { Group, Radio, Stack, Text } from '@mantine/core';
import {
  SCOPE_TYPES,
  type TApprovedGroupSortField,
  type TApprovedStoreSortField,
  type TGroupRow,
  type TReach,
  type TScopeType,
  type TStoreRow,
} from '@rally/domain';
import { useTranslation } from 'react-i18next';
import type { TTableColumn } from '../../../components/paged-table/paged-table';
import { formatNumber } from '../../../lib/format';
import { StoreLogo } from '../../stores';
import { approvedGroupsQueryOptions, approvedStoresQueryOptions, useReach } from '../api/reach-api';
import { ReachTiles } from './reach-tiles';
import { SelectableReachTable } from './selectable-reach-table';
import { useReportReach } from './use-report-reach';

export interface TStoreReachValue {
  scope: TScopeType;
  /** Ids of the selected stores or groups (none for scope all). */
  pks: number[];
}

export interface StoreReachStepProps {
  value: TStoreReachValue;
  onChange(next: TStoreReachValue): void;
  onReachChange?(reach: TReach): void;
  /** Already translated, e.g. the launch form's "select stores" message. */
  error?: string | null;
}

function isScope(value: string): value is TScopeType {
  return (SCOPE_TYPES as readonly string[]).includes(value);
}

interface TableProps {
  pks: number[];
  onPksChange(pks: number[]): void;
  reachedUsers: number | undefined;
}

function StoreTable({ pks, onPksChange, reachedUsers }: TableProps) {
  const { t, i18n } = useTranslation();
  const columns: TTableColumn<TStoreRow, TApprovedStoreSortField>[] = [
    {
      key: 'name',
      label: t('reach.stores.columns.name'),
      sortField: 'storeName',
      render: (store) => (
        <Group gap="sm" wrap="nowrap">
          <StoreLogo logoUrl={store.logoUrl} size="sm" />
          <Text size="sm" fw={500} lineClamp={2}>
            {store.storeName}
          </Text>
        </Group>
      ),
    },
    {
      key: 'address',
      label: t('reach.stores.columns.address'),
      render: (store) => (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {store.address.formattedAddress}
        </Text>
      ),
    },
    {
      key: 'users',
      label: t('reach.stores.columns.users'),
      sortField: 'totalUsers',
      align: 'right',
      render: (store) => formatNumber(store.totalUsers, i18n.language),
    },
  ];
  return (
    <SelectableReachTable
      kind="stores"
      columns={columns}
      rowName={(store) => store.storeName}
      listQuery={approvedStoresQueryOptions}
      defaultSortField="weight"
      selected={pks}
      onSelectedChange={onPksChange}
      reachedUsers={reachedUsers}
    />
  );
}

function GroupTable({ pks, onPksChange, reachedUsers }: TableProps) {
  const { t, i18n } = useTranslation();
  const columns: TTableColumn<TGroupRow, TApprovedGroupSortField>[] = [
    {
      key: 'name',
      label: t('reach.groups.columns.name'),
      sortField: 'name',
      render: (group) => (
        <Text size="sm" fw={500}>
          {group.name}
        </Text>
      ),
    },
    {
      key: 'stores',
      label: t('reach.groups.columns.stores'),
      sortField: 'totalStores',
      align: 'right',
      render: (group) => formatNumber(group.totalStores, i18n.language),
    },
    {
      key: 'users',
      label: t('reach.groups.columns.users'),
      sortField: 'totalUsers',
      align: 'right',
      render: (group) => formatNumber(group.totalUsers, i18n.language),
    },
  ];
  return (
    <SelectableReachTable
      kind="groups"
      columns={columns}
      rowName={(group) => group.name}
      listQuery={approvedGroupsQueryOptions}
      defaultSortField="weight"
      selected={pks}
      onSelectedChange={onPksChange}
      reachedUsers={reachedUsers}
    />
  );
}

/**
 * The reach step of a non-consumer launch (product rule R13): KPI tiles, the scope, and for a store
 * or group scope the table to pick them from. Each scope has its own table, so changing the
 * scope also starts the search afresh (product rule R13).
 */
export function StoreReachStep({ value, onChange, onReachChange, error }: StoreReachStepProps) {
  const { t } = useTranslation();
  const pks = value.scope === 'all' ? [] : value.pks;
  // A store or group scope with nothing picked reaches nobody; the server refuses to count it.
  const reach = useReach(value.scope !== 'all' && pks.length === 0 ? null : { scope: value.scope, pks });
  useReportReach(reach.current, onReachChange);

  const tableProps: TableProps = {
    pks,
    onPksChange: (next) => onChange({ scope: value.scope, pks: next }),
    reachedUsers: reach.reach?.users,
  };

  return (
    <Stack gap="md">
      <ReachTiles state={reach} />
      <Radio.Group
        label={t('reach.scope.label')}
        value={value.scope}
        onChange={(next) => {
          // A new scope starts with nothing selected (product rule R13).
          if (isScope(next) && next !== value.scope) onChange({ scope: next, pks: [] });
        }}
      >
        <Group gap="lg" mt="xs">
          {SCOPE_TYPES.map((scope) => (
            <Radio key={scope} value={scope} label={t(`reach.scope.${scope}`)} />
          ))}
        </Group>
      </Radio.Group>
      {value.scope === 'all' && (
        <Text size="sm" c="dimmed">
          {t('reach.scope.all-hint')}
        </Text>
      )}
      {value.scope === 'store' && <StoreTable {...tableProps} />}
      {value.scope === 'group' && <GroupTable {...tableProps} />}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
