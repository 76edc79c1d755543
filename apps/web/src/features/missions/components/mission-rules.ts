import {
  itemKindFor,
  type TMissionItem,
  type TMissionItemKind,
  type TMissionSubtype,
  type TMissionType,
} from '@rally/domain';

export const DESCRIPTION_MAX = 1000;
export const QUESTION_OPTIONS = { min: 2, max: 6 } as const;
export const FIELD_CHOICES = { min: 2, max: 20 } as const;

/** itemSold (products sold) exists only for contest and learning missions. */
export function allowsItemSold(type: TMissionType): boolean {
  return type === 'contest' || type === 'learning';
}

export type TMissingPart =
  { key: 'title' } | { key: 'no-items'; kind: TMissionItemKind } | { key: 'questions-without-answer'; count: number };

function questionHasAnswer(data: Record<string, unknown>): boolean {
  const options = Array.isArray(data['options']) ? (data['options'] as { id?: unknown }[]) : [];
  return options.length >= 2 && options.some((option) => option.id === data['correctOptionId']);
}

/**
 * What keeps a mission from being ready, in the terms of isMissionComplete
 * (domain): a title, at least one item of its kind, every question answered.
 */
export function missingParts(input: {
  title: string;
  type: TMissionType;
  subtype: TMissionSubtype;
  items: Pick<TMissionItem, 'kind' | 'data'>[];
}): TMissingPart[] {
  const parts: TMissingPart[] = [];
  if (input.title.trim() === '') parts.push({ key: 'title' });
  const kind = itemKindFor(input.type, input.subtype);
  const items = input.items.filter((item) => item.kind === kind);
  if (items.length === 0) parts.push({ key: 'no-items', kind });
  if (kind === 'question') {
    const count = items.filter((item) => !questionHasAnswer(item.data)).length;
    if (count > 0) parts.push({ key: 'questions-without-answer', count });
  }
  return parts;
}
