import {
  FORM_FIELD_TYPES,
  type TFormFieldType,
  type TMissionItem,
  type TMissionItemBody,
  type TMissionItemKind,
  FIELD_CHOICES,
  QUESTION_OPTIONS,
} from '@rally/domain';
import type { TFunction } from 'i18next';

export interface TQuestionOption {
  id: string;
  text: string;
}

/** What the item form edits, for any kind; only the parts of the item's kind are sent. */
export interface TItemDraft {
  kind: TMissionItemKind;
  title: string;
  options: TQuestionOption[];
  correctOptionId: string;
  sku: string;
  fieldType: TFormFieldType;
  required: boolean;
  choices: string[];
}

const OPTION_IDS = 'abcdefghijklmnopqrstuvwxyz';

/** The first letter id not used yet: option ids stay short and stable as options come and go. */
export function nextOptionId(options: TQuestionOption[]): string {
  const used = new Set(options.map((option) => option.id));
  for (const id of OPTION_IDS) if (!used.has(id)) return id;
  return `o${options.length + 1}`;
}

function asString(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function isFieldType(value: unknown): value is TFormFieldType {
  return typeof value === 'string' && (FORM_FIELD_TYPES as readonly string[]).includes(value);
}

export function draftFor(kind: TMissionItemKind, item?: TMissionItem): TItemDraft {
  const data = item?.data ?? {};
  const rawOptions = Array.isArray(data['options']) ? (data['options'] as unknown[]) : [];
  const options = rawOptions.flatMap((option) => {
    if (typeof option !== 'object' || option === null) return [];
    const { id, text } = option as Record<string, unknown>;
    return typeof id === 'string' ? [{ id, text: asString(text) }] : [];
  });
  const choices = Array.isArray(data['choices']) ? data['choices'].map((choice) => asString(choice)) : [];
  return {
    kind,
    title: item?.title ?? '',
    options:
      options.length > 0
        ? options
        : [
            { id: 'a', text: '' },
            { id: 'b', text: '' },
          ],
    correctOptionId: asString(data['correctOptionId']),
    // SKUs are strings: "00123" keeps its leading zeros.
    sku: asString(data['sku']),
    fieldType: isFieldType(data['fieldType']) ? data['fieldType'] : 'photo',
    required: typeof data['required'] === 'boolean' ? data['required'] : true,
    choices: choices.length > 0 ? choices : ['', ''],
  };
}

/** The client's own checks, keyed by the paths the server uses for the same fields. */
export function validateDraft(t: TFunction, draft: TItemDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.title.trim() === '') errors['title'] = t('missions.validation.required');
  if (draft.kind === 'question') {
    draft.options.forEach((option, index) => {
      if (option.text.trim() === '') errors[`data.options.${index}.text`] = t('missions.validation.required');
    });
    if (draft.options.length < QUESTION_OPTIONS.min) errors['data.options'] = t('missions.validation.min-options');
    if (!draft.options.some((option) => option.id === draft.correctOptionId)) {
      errors['data.correctOptionId'] = t('missions.validation.correct-answer');
    }
  }
  if (draft.kind === 'field' && draft.fieldType === 'choice') {
    draft.choices.forEach((choice, index) => {
      if (choice.trim() === '') errors[`data.choices.${index}`] = t('missions.validation.required');
    });
    if (draft.choices.length < FIELD_CHOICES.min) errors['data.choices'] = t('missions.validation.min-choices');
  }
  return errors;
}

export function bodyFromDraft(draft: TItemDraft): TMissionItemBody {
  const title = draft.title.trim();
  if (draft.kind === 'question') {
    return {
      kind: 'question',
      title,
      data: {
        options: draft.options.map((option) => ({ id: option.id, text: option.text.trim() })),
        correctOptionId: draft.correctOptionId,
      },
    };
  }
  if (draft.kind === 'option') {
    const sku = draft.sku.trim();
    return { kind: 'option', title, data: sku === '' ? {} : { sku } };
  }
  return {
    kind: 'field',
    title,
    data: {
      fieldType: draft.fieldType,
      required: draft.required,
      ...(draft.fieldType === 'choice' ? { choices: draft.choices.map((choice) => choice.trim()) } : {}),
    },
  };
}
