import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PARTNER_MESSAGES, type TCampaignPartner, type TRewardRead } from '@rally/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@mantine/hooks';
import { notify } from '../../../lib/notify';
import { currencySymbol } from '../../../lib/money';
import { useBrandCurrency } from '../../../app/session';
import { errorMessage } from '../../../lib/error-message';
import { isApiError } from '../../../lib/api-client';
import { builderKeys } from '../../../app/query-keys';
import { savePartners, usePartnerBrands } from '../api/partners-api';
import { rewardTitle } from '../../../lib/reward-title';

/** A partner rule's message (a PARTNER_MESSAGES value) in the user's language; other text as it came. */
export function partnerMessage(t: TFunction, message: string): string {
  const key = (Object.keys(PARTNER_MESSAGES) as (keyof typeof PARTNER_MESSAGES)[]).find(
    (k) => PARTNER_MESSAGES[k] === message,
  );
  return key ? t(`builder.partners.messages.${key}`) : message;
}

interface Supply {
  suppliedBy: 'self' | 'partners';
  /** Budget per supplying partner, in cents. */
  partners: Record<string, number>;
}

export interface PartnerModalProps {
  campaignId: number;
  ownerName: string;
  partners: TCampaignPartner[];
  rewards: TRewardRead[];
  onClose: () => void;
}

/**
 * The partner invite or update modal (spec §2, §5, §6): pick approved partner brands (searchable, 10 a page),
 * then say who supplies each reward — the retailer itself or partners — with each partner's proposed budget.
 */
export function PartnerModal({ campaignId, ownerName, partners, rewards, onClose }: PartnerModalProps) {
  const { t, i18n } = useTranslation();
  const currency = useBrandCurrency();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>(() => partners.map((p) => p.brandId));
  const [names, setNames] = useState<Record<string, string>>(() =>
    Object.fromEntries(partners.map((p) => [p.brandId, p.brandName])),
  );
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const brands = usePartnerBrands(page, filter);
  const [supplies, setSupplies] = useState<Record<number, Supply>>(() =>
    Object.fromEntries(
      rewards.map((r) => [
        r.id,
        {
          suppliedBy: r.filledByPartners ? 'partners' : 'self',
          partners: Object.fromEntries(r.partners.map((p) => [p.brandId, p.budget])),
        } satisfies Supply,
      ]),
    ),
  );
  const [touched, setTouched] = useState(false);
  const statusOf = (id: string) => partners.find((p) => p.brandId === id)?.inviteStatus ?? null;

  function toggle(id: string, name: string, on: boolean) {
    setTouched(true);
    setNames((prev) => ({ ...prev, [id]: name }));
    setSelected((prev) => (on ? [...prev, id] : prev.filter((x) => x !== id)));
  }

  function setSupply(rewardId: number, patch: Partial<Supply>) {
    setSupplies((prev) => ({ ...prev, [rewardId]: { ...prev[rewardId]!, ...patch } }));
  }

  const body = {
    bundleId: campaignId,
    partnersId: selected,
    rewards: rewards.map((r) => {
      const s = supplies[r.id]!;
      const list = s.suppliedBy === 'partners' ? selected.filter((id) => id in s.partners) : [];
      return {
        rewardId: r.id,
        suppliedBy: s.suppliedBy,
        partners: list.map((brandId) => ({ brandId, budget: r.type === 'money' ? (s.partners[brandId] ?? 0) : 0 })),
      };
    }),
  };
  const noPartner = selected.length === 0;
  const supplyProblem = body.rewards.some(
    (r, i) =>
      r.suppliedBy === 'partners' &&
      (r.partners.length === 0 || (rewards[i]!.type === 'money' && r.partners.some((p) => p.budget <= 0))),
  );

  const save = useMutation({
    mutationFn: () => savePartners(body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: builderKeys.formData(campaignId) });
      notify({ color: 'teal', message: t('builder.partners.saved') });
      onClose();
    },
  });
  const saving = save.isPending;
  const failure = !save.error
    ? null
    : isApiError(save.error) && save.error.fields.length > 0
      ? save.error.fields.map((f) => partnerMessage(t, f.message)).join(' ')
      : errorMessage(t, save.error);

  function submit() {
    setTouched(true);
    if (noPartner || supplyProblem) return;
    save.mutate();
  }

  const money = (cents: number) => cents / 100;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      title={
        <Text fw={650}>{t(partners.length ? 'builder.partners.modal-update' : 'builder.partners.modal-invite')}</Text>
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <TextInput
          label={t('builder.partners.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Stack gap={6} role="group" aria-label={t('builder.partners.approved-brands')}>
          {brands.data?.items.length === 0 && (
            <Text size="sm" c="gray.7">
              {t('builder.partners.no-brands')}
            </Text>
          )}
          {brands.data?.items.map((b) => (
            <Checkbox
              key={b.id}
              label={b.name}
              description={
                [
                  b.industries.map((x) => x.name).join(', '),
                  statusOf(b.id) ? t(`builder.partners.status.${statusOf(b.id)!}`) : '',
                ]
                  .filter(Boolean)
                  .join(' · ') || undefined
              }
              checked={selected.includes(b.id)}
              disabled={statusOf(b.id) === 'ACCEPTED'}
              onChange={(e) => toggle(b.id, b.name, e.currentTarget.checked)}
            />
          ))}
          {(brands.data?._meta.pageCount ?? 0) > 1 && (
            <Pagination
              size="sm"
              total={brands.data!._meta.pageCount}
              value={page}
              onChange={setPage}
              aria-label={t('builder.partners.pages')}
            />
          )}
        </Stack>
        {touched && noPartner && (
          <Text size="sm" c="red.8" role="alert">
            {t('builder.partners.messages.selectPartner')}
          </Text>
        )}

        {rewards.length > 0 && (
          <Stack gap="sm">
            <Title order={3} fz="h5">
              {t('builder.partners.who-supplies')}
            </Title>
            {rewards.map((r) => {
              const s = supplies[r.id]!;
              return (
                <Paper key={r.id} withBorder radius="md" p="sm">
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="wrap">
                      <Text fw={600} size="sm">
                        {rewardTitle(r, t)}
                      </Text>
                      <SegmentedControl
                        size="xs"
                        aria-label={t('builder.partners.supplier-of', { title: rewardTitle(r, t) })}
                        value={s.suppliedBy}
                        disabled={r.partners.some((p) => statusOf(p.brandId) === 'ACCEPTED')}
                        onChange={(v) => setSupply(r.id, { suppliedBy: v as Supply['suppliedBy'] })}
                        data={[
                          { value: 'self', label: ownerName },
                          { value: 'partners', label: t('builder.partners.partners-supply') },
                        ]}
                      />
                    </Group>
                    {s.suppliedBy === 'partners' &&
                      selected.map((id) => (
                        <Group key={id} gap="sm" wrap="nowrap">
                          <Checkbox
                            label={names[id] ?? id}
                            checked={id in s.partners}
                            disabled={statusOf(id) === 'ACCEPTED'}
                            description={statusOf(id) === 'ACCEPTED' ? t('builder.partners.accepted-terms') : undefined}
                            onChange={(e) => {
                              const next = { ...s.partners };
                              if (e.currentTarget.checked) next[id] = next[id] ?? 0;
                              else delete next[id];
                              setSupply(r.id, { partners: next });
                            }}
                            style={{ flex: 1 }}
                          />
                          {r.type === 'money' && id in s.partners && (
                            <NumberInput
                              aria-label={t('builder.partners.budget-of', { name: names[id] ?? id })}
                              prefix={currencySymbol(i18n.language, currency)}
                              decimalScale={2}
                              min={0}
                              w={140}
                              disabled={statusOf(id) === 'ACCEPTED'}
                              value={money(s.partners[id] ?? 0)}
                              onChange={(v) =>
                                setSupply(r.id, { partners: { ...s.partners, [id]: Math.round(Number(v || 0) * 100) } })
                              }
                              thousandSeparator={i18n.language === 'en' ? ',' : ' '}
                            />
                          )}
                        </Group>
                      ))}
                  </Stack>
                </Paper>
              );
            })}
            {touched && supplyProblem && (
              <Text size="sm" c="red.8" role="alert">
                {t('builder.partners.supply-problem')}
              </Text>
            )}
          </Stack>
        )}

        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={saving}>
            {t('builder.partners.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
