import type { TErrorField } from '../shared/api-schemas.js';
import { itemKindFor } from './mission-completeness.js';
import type { TMissionItemKind, TMissionSubtype, TMissionType } from './mission-enums.js';
import type { TMissionItem } from './mission-library.schema.js';

/** Limits of the mission editor's fields, the same the request schemas enforce. */
export const DESCRIPTION_MAX = 1000;
export const QUESTION_OPTIONS = { min: 2, max: 6 } as const;
export const FIELD_CHOICES = { min: 2, max: 20 } as const;

/** itemSold (products sold) exists only for contest and learning missions. */
export function allowsItemSold(type: TMissionType): boolean {
  return type === 'contest' || type === 'learning';
}

/** The subtype a mission of this type may take; the editor offers itemSold only where it exists, the server refuses it elsewhere. */
export function missionSubtypeErrors(input: { type: TMissionType; subtype: TMissionSubtype }): TErrorField[] {
  if (input.subtype === 'itemSold' && !allowsItemSold(input.type)) {
    return [{ path: 'subtype', message: `a ${input.type} mission cannot be itemSold (only contest and learning missions sell items)` }];
  }
  return [];
}

export type TMissingPart =
  { key: 'title' } | { key: 'no-items'; kind: TMissionItemKind } | { key: 'questions-without-answer'; count: number };

function questionHasAnswer(data: Record<string, unknown>): boolean {
  const options = Array.isArray(data['options']) ? (data['options'] as { id?: unknown }[]) : [];
  return options.length >= 2 && options.some((option) => option.id === data['correctOptionId']);
}

/**
 * What keeps a mission from being ready, in the terms of isMissionComplete: a title, at least one
 * item of its kind, every question answered.
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
