import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorText } from './field-error-text';

type TFields<S extends z.ZodObject> = z.input<S> & Record<string, unknown>;
type TName<S extends z.ZodObject> = Extract<keyof z.input<S>, string>;

/**
 * A form checked with a domain schema before it is sent, and shown the server's field errors after: each message
 * under the field it names (translated by fieldErrorText), the first invalid field focused. The shape of
 * @mantine/form's useForm with a schema resolver (values, errors, getInputProps, onSubmit, setFieldError), kept small.
 */
export function useSchemaForm<S extends z.ZodObject>(schema: S, initialValues: TFields<S>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TFields<S>>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<TName<S>, string>>>({});
  // The field to focus after a failed submit: the first one in the form's order that has an error.
  const [focusRequest, setFocusRequest] = useState<{ names: string[] } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const inputs = [...(formRef.current?.querySelectorAll<HTMLInputElement>('input[name]') ?? [])];
    inputs.find((input) => focusRequest.names.includes(input.name))?.focus();
  }, [focusRequest]);

  const fieldNames = new Set(Object.keys(schema.shape));

  function showErrors(found: Partial<Record<TName<S>, string>>) {
    setErrors(found);
    if (Object.keys(found).length > 0) setFocusRequest({ names: Object.keys(found) });
  }

  function validate(): z.output<S> | null {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found: Partial<Record<TName<S>, string>> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '') as TName<S>;
      if (fieldNames.has(name) && found[name] === undefined) found[name] = issue.message;
    }
    showErrors(found);
    return null;
  }

  return {
    values,
    errors,
    formRef,
    setValue<N extends TName<S>>(name: N, value: TFields<S>[N]) {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    reset(next: TFields<S> = initialValues) {
      setValues(next);
      setErrors({});
    },
    /** Props of a Mantine text input: value, onChange, and the field's translated error. */
    getInputProps(name: TName<S>) {
      const message = errors[name];
      return {
        name,
        value: (values[name] as string | undefined) ?? '',
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          const value = event.currentTarget.value;
          setValues((current) => ({ ...current, [name]: value }));
          setErrors((current) => ({ ...current, [name]: undefined }));
        },
        error: message === undefined ? undefined : fieldErrorText(t, message),
      };
    },
    onSubmit(handler: (data: z.output<S>) => void) {
      return (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const data = validate();
        if (data) handler(data);
      };
    },
    /** Puts a failed call's field errors under the fields they name; whether any named one of this form's fields. */
    setServerErrors(error: unknown): boolean {
      if (!isApiError(error)) return false;
      const found: Partial<Record<TName<S>, string>> = {};
      for (const field of error.fields) {
        const name = field.path.split('.')[0] as TName<S>;
        if (fieldNames.has(name) && found[name] === undefined) found[name] = field.message;
      }
      if (Object.keys(found).length === 0) return false;
      showErrors(found);
      return true;
    },
  };
}
