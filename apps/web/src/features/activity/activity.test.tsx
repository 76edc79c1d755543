import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { ActivityFilters } from './components/activity-filters';
import { activityQuery, EMPTY_FILTER, type ActivityFilterForm } from './lib/activity-filter';

/** The filters with their state held as the page holds it; every change is reported to `seen`. */
function Harness({ seen }: { seen: (f: ActivityFilterForm) => void }) {
  const [value, setValue] = useState<ActivityFilterForm>(EMPTY_FILTER);
  return (
    <ActivityFilters
      value={value}
      onChange={(next) => {
        seen(next);
        setValue(next);
      }}
      actors={[
        { id: 'u-1', name: 'Olivia Owner' },
        { id: 'u-2', name: 'Fiona Finance' },
      ]}
    />
  );
}

function pick(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  // Mantine's Select opens its list on a click of its input.
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe('activity filters', () => {
  it('report each chosen filter — area, action, who, subject, days — and clear them all at once', async () => {
    const seen = vi.fn();
    renderWithProviders(<Harness seen={seen} />);
    expect((screen.getByRole('button', { name: 'Clear filters' }) as HTMLButtonElement).disabled).toBe(true);

    pick('Area', 'Members');
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ area: 'member' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Action' }), { target: { value: 'member.role_changed' } });
    pick('Who', 'Fiona Finance');
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject type' }), { target: { value: 'member' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    expect(seen).toHaveBeenLastCalledWith({
      area: 'member',
      action: 'member.role_changed',
      actorId: 'u-2',
      subjectType: 'member',
      subjectId: '',
      fromDay: '2026-03-01',
      toDay: '2026-03-31',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(seen).toHaveBeenLastCalledWith(EMPTY_FILTER);
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Action' }) as HTMLInputElement).value).toBe(''));
    expect((screen.getByRole('button', { name: 'Clear filters' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("turn days into the server's instants in the brand's time zone, the last day included", () => {
    const q = activityQuery({ ...EMPTY_FILTER, area: 'billing', fromDay: '2026-03-01', toDay: '2026-03-31', action: '  ' }, 'Europe/Paris');
    // Paris is UTC+1 on 1 March and UTC+2 from 29 March: midnight local on 1 March and on 1 April.
    expect(q).toEqual({
      area: 'billing',
      action: undefined,
      actorId: undefined,
      subjectType: undefined,
      subjectId: undefined,
      from: Date.UTC(2026, 1, 28, 23) / 1000,
      to: Date.UTC(2026, 2, 31, 22) / 1000,
    });
    expect(activityQuery(EMPTY_FILTER, 'UTC')).toEqual({ area: undefined, action: undefined, actorId: undefined, subjectType: undefined, subjectId: undefined, from: undefined, to: undefined });
  });
});
