import { useState } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Group,
  Loader,
  Pagination,
  Radio,
  Stack,
  Text,
  TextInput,
  type MantineColor,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconInfoCircle, IconPhoto, IconSearch } from '@tabler/icons-react';
import { missionStatusLabel, type TMissionStatus } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/error-message';
import { useAvailableMissions } from '../../api/builder-api';

export interface TPickedMission {
  id: number;
  title: string;
  itemCount: number;
}

const STATUS_COLORS: Record<ReturnType<typeof missionStatusLabel>, MantineColor> = {
  incomplete: 'orange',
  ready: 'teal',
  'in-use': 'blue',
};

function StatusBadge({ status }: { status: TMissionStatus }) {
  const { t } = useTranslation();
  const label = missionStatusLabel(status);
  return (
    <Badge size="sm" variant="dot" radius="sm" color={STATUS_COLORS[label]} style={{ flexShrink: 0 }}>
      {t(`builder.mission-status.${label}`)}
    </Badge>
  );
}

interface SelectStepProps {
  campaignId: number;
  picked: TPickedMission | null;
  /** Library missions already placed in this campaign (the server refuses them twice). */
  alreadyAdded: ReadonlySet<number>;
  onPick: (mission: TPickedMission) => void;
  serverError: string | null;
}

/** Step 1: choose a library mission of the campaign's type, five a page, searchable. */
export function SelectStep({ campaignId, picked, alreadyAdded, onPick, serverError }: SelectStepProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const applyFilter = useDebouncedCallback((value: string) => {
    setFilter(value.trim());
    setPage(1);
  }, 300);
  const list = useAvailableMissions(campaignId, { currentPage: page, filter, current: picked?.id ?? null }, true);

  return (
    <Stack gap="sm">
      <TextInput
        label={t('builder.wizard.search')}
        placeholder={t('builder.wizard.search-placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          applyFilter(event.currentTarget.value);
        }}
      />
      {serverError && (
        <Alert color="red" variant="light" role="alert">
          {serverError}
        </Alert>
      )}
      {list.isPending ? (
        <Group justify="center" py="lg" role="status" aria-label={t('app.loading')}>
          <Loader size="sm" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(t, list.error)}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text size="sm" c="gray.7" ta="center" py="lg">
          {filter ? t('builder.wizard.no-match', { filter }) : t('builder.wizard.no-missions')}
        </Text>
      ) : (
        <Radio.Group
          value={picked ? String(picked.id) : null}
          onChange={(value) => {
            const mission = list.data.items.find((m) => String(m.id) === value);
            if (mission) onPick({ id: mission.id, title: mission.title, itemCount: mission.itemCount });
          }}
          label={t('builder.wizard.missions-label')}
          labelProps={{ mb: 'xs' }}
        >
          <Stack gap={6}>
            {list.data.items.map((mission) => {
              const added = alreadyAdded.has(mission.id);
              const disabled = !mission.selectable || added;
              return (
                <Radio.Card
                  key={mission.id}
                  value={String(mission.id)}
                  disabled={disabled}
                  radius="md"
                  p="sm"
                  data-testid="available-mission"
                  style={{ opacity: disabled ? 0.65 : 1, cursor: disabled ? 'not-allowed' : 'pointer' }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Radio.Indicator disabled={disabled} />
                    <Avatar src={mission.imageUrl} alt="" radius="md" size={40} color="indigo" variant="light">
                      <IconPhoto size={20} aria-hidden />
                    </Avatar>
                    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={600} lineClamp={1}>
                        {mission.title}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {added
                          ? t('builder.wizard.already-added')
                          : t('builder.wizard.item-count', { count: mission.itemCount })}
                      </Text>
                    </Stack>
                    <StatusBadge status={mission.status} />
                  </Group>
                </Radio.Card>
              );
            })}
          </Stack>
        </Radio.Group>
      )}
      {list.data && list.data._meta.pageCount > 1 && (
        <Group justify="center">
          <Pagination
            size="sm"
            total={list.data._meta.pageCount}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': t(`builder.wizard.pagination.${control}`),
            })}
            getItemProps={(p) => ({ 'aria-label': t('builder.wizard.pagination.page', { page: p }) })}
          />
        </Group>
      )}
      {!picked && (
        <Group gap={6} c="gray.7">
          <IconInfoCircle size={16} aria-hidden />
          <Text size="sm" c="gray.7">
            {t('builder.wizard.select-to-continue')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
