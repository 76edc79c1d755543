import { parseZoned, type TActivityArea } from '@rally/domain';

/** The filters as the form holds them: days as YYYY-MM-DD in the brand's zone, empty for "any". */
export interface ActivityFilterForm {
  area: TActivityArea | '';
  action: string;
  actorId: string;
  subjectType: string;
  subjectId: string;
  fromDay: string;
  toDay: string;
}

export const EMPTY_FILTER: ActivityFilterForm = { area: '', action: '', actorId: '', subjectType: '', subjectId: '', fromDay: '', toDay: '' };

const startOfDay = (day: string, timeZone: string): number | undefined => {
  if (!day) return undefined;
  const parsed = parseZoned(`${day} 00:00`, timeZone);
  return parsed.ok ? parsed.epochSeconds : undefined;
};

/** The day after a YYYY-MM-DD (the "to" day is included: the query's `to` is exclusive). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The query the server takes (GET /api/activity and its CSV), days turned into instants in the brand's zone. */
export function activityQuery(form: ActivityFilterForm, timeZone: string): Record<string, string | number | undefined> {
  return {
    area: form.area || undefined,
    action: form.action.trim() || undefined,
    actorId: form.actorId || undefined,
    subjectType: form.subjectType.trim() || undefined,
    subjectId: form.subjectId.trim() || undefined,
    from: startOfDay(form.fromDay, timeZone),
    to: form.toDay ? startOfDay(nextDay(form.toDay), timeZone) : undefined,
  };
}
