import { TextInput, type TextInputProps } from '@mantine/core';

/** A currency amount as typed ("12.50" or "12,50"); normalizeMoney turns it into cents. */
export function MoneyInput(props: Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void }) {
  const { onChange, ...rest } = props;
  return (
    <TextInput
      inputMode="decimal"
      leftSection="$"
      placeholder="0.00"
      {...rest}
      onChange={(event) => onChange(event.currentTarget.value.replace(/[^\d.,]/g, ''))}
    />
  );
}
