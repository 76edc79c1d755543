import type { TMissionItemKind, TMissionStatus, TMissionSubtype, TMissionType } from './mission-enums.js';

export interface CompletenessItem {
  kind: TMissionItemKind;
  data: Record<string, unknown>;
}

/** The kind of item a mission is built from. */
export function itemKindFor(type: TMissionType, subtype: TMissionSubtype): TMissionItemKind {
  if (subtype === 'itemSold') return 'option';
  return type === 'learning' ? 'question' : 'field';
}

function questionComplete(data: Record<string, unknown>): boolean {
  const options = Array.isArray(data.options) ? (data.options as { id?: unknown }[]) : [];
  return options.length >= 2 && options.some((o) => o.id === data.correctOptionId);
}

/**
 * Whether a mission has what its type needs: a title and at least one item of
 * its kind; every learning question with a correct answer among its options.
 */
export function isMissionComplete(input: {
  title: string;
  type: TMissionType;
  subtype: TMissionSubtype;
  items: CompletenessItem[];
}): boolean {
  if (input.title.trim() === '') return false;
  const kind = itemKindFor(input.type, input.subtype);
  const items = input.items.filter((i) => i.kind === kind);
  if (items.length === 0) return false;
  if (kind === 'question') return items.every((i) => questionComplete(i.data));
  return true;
}

/** Status after an edit: in-use (pending_launch) stays, otherwise ready or incomplete. */
export function missionStatusAfterEdit(current: TMissionStatus, complete: boolean): TMissionStatus {
  if (current === 'pending_launch') return current;
  return complete ? 'ready' : 'incomplete';
}

/** Wizard label of a mission status (product rule R25): pending_launch shows as "in use". */
export function missionStatusLabel(status: TMissionStatus): 'incomplete' | 'ready' | 'in-use' {
  return status === 'pending_launch' ? 'in-use' : status;
}

/** pending_launch missions cannot be picked unless already the current selection. */
export function isMissionSelectable(status: TMissionStatus, isCurrentSelection: boolean): boolean {
  return status !== 'pending_launch' || isCurrentSelection;
}
