import { useEffect, useRef, useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { LIMITS } from '@rally/domain';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { isStaleVersion } from '../lib/use-builder-writes';

export const NAME_DEBOUNCE_MS = 600;

interface NameFieldProps {
  initialName: string;
  /** Saves the name; rejects with the server's error. */
  onSave: (name: string) => Promise<unknown>;
}

/**
 * The campaign name: at most 50 characters with a visible counter, autosaved a moment
 * after typing stops. Its text is local so a refetch never moves the caret under the user.
 */
export function NameField({ initialName, onSave }: NameFieldProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  // Once the field has been edited or left, an empty name says what is missing (progress counts it).
  const [touched, setTouched] = useState(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const savedRef = useRef(initialName);
  // The text typed but not yet sent (its save is waiting for typing to stop), if any.
  const unsentRef = useRef<string | null>(null);
  const onSaveRef = useRef(onSave);
  useEffect(() => {
    onSaveRef.current = onSave;
  }, [onSave]);

  // Leaving the page before the pause ends still saves what was typed.
  useEffect(
    () => () => {
      clearTimeout(timerRef.current);
      const unsent = unsentRef.current;
      if (unsent !== null && unsent !== savedRef.current) void onSaveRef.current(unsent).catch(() => undefined);
    },
    [],
  );

  function save(value: string) {
    unsentRef.current = null;
    if (value === savedRef.current) return;
    savedRef.current = value;
    onSave(value).then(
      () => setError(null),
      (err: unknown) => {
        savedRef.current = '\u0000unsaved';
        if (isStaleVersion(err)) return; // the stale dialog explains it
        const field = isApiError(err) ? err.fields.find((f) => f.path === 'name') : undefined;
        // The only rule the server has for a name is its length (ZCampaignName).
        setError(field ? t('builder.name.too-long', { max: LIMITS.campaignName }) : t('builder.name.not-saved'));
      },
    );
  }

  function change(value: string) {
    let next = value;
    if (next.length > LIMITS.campaignName) {
      // The 51st character is refused, and the user is told why.
      next = next.slice(0, LIMITS.campaignName);
      setError(t('builder.name.too-long', { max: LIMITS.campaignName }));
    } else {
      setError(null);
    }
    setName(next);
    setTouched(true);
    clearTimeout(timerRef.current);
    unsentRef.current = next;
    timerRef.current = setTimeout(() => save(next), NAME_DEBOUNCE_MS);
  }

  return (
    <TextInput
      label={t('builder.name.label')}
      placeholder={t('builder.name.placeholder')}
      value={name}
      maxLength={LIMITS.campaignName}
      onChange={(event) => change(event.currentTarget.value)}
      onBlur={() => {
        clearTimeout(timerRef.current);
        setTouched(true);
        save(name);
      }}
      error={error ?? (touched && name.trim() === '' ? t('builder.name.required') : null)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        <Text
          component="span"
          size="xs"
          c={name.length >= LIMITS.campaignName ? 'red.8' : 'gray.7'}
          data-testid="name-counter"
        >
          {t('builder.name.counter', { n: name.length, max: LIMITS.campaignName })}
        </Text>
      }
      size="md"
    />
  );
}
