import { Alert, Badge, Group, List, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface SandboxCard {
  number: string;
  expiry: string;
  cvc: string;
}

export const emptySandboxCard: SandboxCard = { number: '', expiry: '', cvc: '' };

/** MM/YY → month and full year; null when it is not a date. */
export function parseExpiry(expiry: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

interface SandboxCardFieldsProps {
  value: SandboxCard;
  errors: Partial<Record<keyof SandboxCard, string>>;
  onChange: (next: SandboxCard) => void;
  disabled: boolean;
}

/** The embedded test-mode card form: no real card is charged, the well-known test numbers decide the outcome. */
export function SandboxCardFields({ value, errors, onChange, disabled }: SandboxCardFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Alert color="yellow" variant="light" icon={<IconFlask size={18} aria-hidden />} data-testid="payment-test-mode">
        <Group gap="xs" mb={4}>
          <Badge color="yellow" variant="filled" autoContrast>
            {t('payment.test-mode')}
          </Badge>
          <Text size="sm" fw={600}>
            {t('payment.test-mode-title')}
          </Text>
        </Group>
        <Text size="sm">{t('payment.test-mode-help')}</Text>
        <List size="sm" mt={4}>
          <List.Item>4242 4242 4242 4242 — {t('payment.card-succeeds')}</List.Item>
          <List.Item>4000 0000 0000 0002 — {t('payment.card-declined')}</List.Item>
          <List.Item>4000 0000 0000 9995 — {t('payment.card-insufficient')}</List.Item>
        </List>
      </Alert>
      <TextInput
        label={t('payment.card-number')}
        placeholder="4242 4242 4242 4242"
        inputMode="numeric"
        autoComplete="cc-number"
        value={value.number}
        error={errors.number}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, number: e.currentTarget.value })}
        data-testid="card-number"
      />
      <SimpleGrid cols={2}>
        <TextInput
          label={t('payment.card-expiry')}
          placeholder="MM/YY"
          autoComplete="cc-exp"
          value={value.expiry}
          error={errors.expiry}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, expiry: e.currentTarget.value })}
          data-testid="card-expiry"
        />
        <TextInput
          label={t('payment.card-cvc')}
          placeholder="123"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={value.cvc}
          error={errors.cvc}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, cvc: e.currentTarget.value })}
          data-testid="card-cvc"
        />
      </SimpleGrid>
    </>
  );
}
