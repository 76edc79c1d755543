import { useState } from 'react';
import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CODE_ALPHABETS, GENERATED_CODE_LIMITS, ZGenerateCodesBody, type TCodeAlphabetName } from '@rally/domain';
import { builderKeys } from '../../../app/query-keys';
import { errorMessage } from '../../../lib/error-message';
import { generateRewardCodes } from '../api/rewards-api';

interface GenerateCodesProps {
  campaignId: number;
  rewardId: number;
  /** Called with how many codes a generation added to the pool. */
  onGenerated: (added: number) => void;
}

const ALPHABET_NAMES = Object.keys(CODE_ALPHABETS) as TCodeAlphabetName[];

/** What a code of the pattern looks like (a fixed walk through the characters: an illustration, not a code). */
const sampleCode = (prefix: string, alphabet: string, length: number) =>
  prefix + Array.from({ length: Math.max(0, Math.min(Number.isFinite(length) ? length : 0, GENERATED_CODE_LIMITS.maxLength)) }, (_, i) => alphabet[(i * 7 + 3) % alphabet.length]).join('');

/**
 * "Generate codes" beside the upload (decision 0031): a pattern — prefix, length, characters, how many — sent to the
 * server, which draws the codes with a cryptographic source and keeps them unique in the reward. The domain's rule
 * (ZGenerateCodesBody) checks the pattern as it is typed, so Generate is enabled only for one the server takes.
 */
export function GenerateCodes({ campaignId, rewardId, onGenerated }: GenerateCodesProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [prefix, setPrefix] = useState('');
  const [length, setLength] = useState<number | string>(8);
  const [alphabet, setAlphabet] = useState<TCodeAlphabetName>('unambiguous');
  const [count, setCount] = useState<number | string>(1000);

  const body = { prefix, length: Number(length), alphabet: CODE_ALPHABETS[alphabet], count: Number(count) };
  const parsed = ZGenerateCodesBody.safeParse(body);
  const invalid = (path: 'prefix' | 'length' | 'count') => !parsed.success && parsed.error.issues.some((i) => i.path[0] === path);
  const run = useMutation({
    mutationFn: () => generateRewardCodes(campaignId, rewardId, body),
    onSuccess: (result) => {
      onGenerated(result.added);
      void queryClient.invalidateQueries({ queryKey: builderKeys.formData(campaignId) });
    },
  });

  if (!open) {
    return (
      <Button variant="light" leftSection={<IconWand size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('rewards.generate.open')}
      </Button>
    );
  }
  return (
    <Stack gap="xs" role="group" aria-label={t('rewards.generate.title')} w="100%">
      <Group gap="sm" align="flex-start" grow>
        <TextInput
          label={t('rewards.generate.prefix')}
          value={prefix}
          onChange={(e) => setPrefix(e.currentTarget.value)}
          maxLength={GENERATED_CODE_LIMITS.maxPrefix}
          error={invalid('prefix') ? t('rewards.generate.prefix-invalid') : undefined}
        />
        <NumberInput
          label={t('rewards.generate.length')}
          value={length}
          onChange={setLength}
          min={GENERATED_CODE_LIMITS.minLength}
          max={GENERATED_CODE_LIMITS.maxLength}
          allowDecimal={false}
          error={invalid('length') ? t('rewards.generate.too-short') : undefined}
        />
      </Group>
      <Group gap="sm" align="flex-start" grow>
        <Select
          label={t('rewards.generate.alphabet')}
          data={ALPHABET_NAMES.map((name) => ({ value: name, label: t(`rewards.generate.alphabets.${name}`) }))}
          value={alphabet}
          onChange={(v) => v && setAlphabet(v as TCodeAlphabetName)}
          allowDeselect={false}
        />
        <NumberInput
          label={t('rewards.generate.count')}
          value={count}
          onChange={setCount}
          min={1}
          // No max: a count over the cap stays as typed, with the rule's message, instead of being clamped silently.
          allowDecimal={false}
          thousandSeparator=","
          error={invalid('count') ? t('rewards.generate.count-max', { max: GENERATED_CODE_LIMITS.maxCount.toLocaleString() }) : undefined}
        />
      </Group>
      <Text size="xs" c="gray.7">
        {t('rewards.generate.example', { code: sampleCode(prefix, CODE_ALPHABETS[alphabet], Number(length)) })}
      </Text>
      <Group gap="sm">
        <Button onClick={() => run.mutate()} disabled={!parsed.success} loading={run.isPending}>
          {t('rewards.generate.submit')}
        </Button>
        <Button variant="subtle" onClick={() => setOpen(false)}>
          {t('rewards.generate.close')}
        </Button>
      </Group>
      {run.data && (
        <Text size="sm" role="status" data-testid="generate-summary">
          {t('rewards.generate.done', { count: run.data.added, available: run.data.availableCodes })}
        </Text>
      )}
      {run.error && (
        <Text size="xs" c="red.8" role="alert">
          {errorMessage(t, run.error)}
        </Text>
      )}
    </Stack>
  );
}
