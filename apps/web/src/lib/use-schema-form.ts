import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from './api-client';
import { fieldErrorText } from './field-error-text';

type TFields<S extends z.ZodObject> = z.input<S> & Record<string, unknown>;
type TName<S extends z.ZodObject> = Extract<keyof z.input<S>, string>;

/**
 * A form checked with a domain schema before it is sent, and shown the server's field errors after: each message
 * under the field it names (translated by fieldErrorText), the first invalid field focused. It has the shape of
 * @mantine/form's useForm with its schema resolver (values, errors, getInputProps, onSubmit), which is not among the
 * app's packages yet; moving to it changes the hook, not the forms.
 */
export function useSchemaForm<S extends z.ZodObject>(schema: S, initialValues: TFields<S>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TFields<S>>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<TName<S>, string>>>({});
  // Each input's id (its label points at it), so the field to focus after a failed submit can be found.
  const idPrefix = useId();
  const idOf = (name: string) => `${idPrefix}-${name}`;
  // The field to focus after a failed submit: the first in the schema's order that has an error.
  const [focusRequest, setFocusRequest] = useState<{ name: string } | null>(null);
  useEffect(() => {
    if (focusRequest) document.getElementById(`${idPrefix}-${focusRequest.name}`)?.focus();
  }, [focusRequest, idPrefix]);

  const order = Object.keys(schema.shape);
  const fieldNames = new Set(order);

  function showErrors(found: Partial<Record<TName<S>, string>>) {
    setErrors(found);
    const first = order.find((name) => found[name as TName<S>] !== undefined);
    if (first) setFocusRequest({ name: first });
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
        id: idOf(name),
        value: (values[name] as string | undefined) ?? '',
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          const value = event.currentTarget.value;
          setValues((current) => ({ ...current, [name]: value }));
          setErrors((current) => ({ ...current, [name]: undefined }));
        },
        error: message === undefined ? undefined : fieldErrorText(t, message),
        // Mantine's PasswordInput does not mark its input invalid by itself.
        'aria-invalid': message !== undefined,
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
