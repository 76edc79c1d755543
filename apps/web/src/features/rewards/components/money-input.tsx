import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrandCurrency } from '../../../app/session';
import { currencySymbol } from '../../../lib/money';

/** An amount in the brand's currency as typed ("12.50" or "12,50"); normalizeMoney turns it into cents. */
export function MoneyInput(props: Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void }) {
  const { onChange, ...rest } = props;
  const { i18n } = useTranslation();
  const currency = useBrandCurrency();
  return (
    <TextInput
      inputMode="decimal"
      leftSection={currencySymbol(i18n.language, currency)}
      placeholder="0.00"
      {...rest}
      onChange={(event) => onChange(event.currentTarget.value.replace(/[^\d.,]/g, ''))}
    />
  );
}
