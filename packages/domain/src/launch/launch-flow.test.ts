import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES } from '../campaign/campaign-enums.js';
import {
  LAUNCH_MODAL_ACTIONS,
  LAUNCH_STEP_INDEX,
  launchOutcome,
  launchSteps,
  launchTitle,
  nextLaunchStep,
  previousLaunchStep,
  reachKind,
  showsLaunchStepBar,
  statusAfter,
} from './launch-flow.js';

describe('launch flow', () => {
  const expected = {
    launch: ['choose', 'settings', 'reach'],
    schedule: ['choose', 'settings', 'reach', 'schedule'],
    reschedule: ['schedule'],
  } as const;

  for (const action of LAUNCH_MODAL_ACTIONS) {
    for (const campaignType of CAMPAIGN_TYPES) {
      it(`${action} of a ${campaignType} campaign goes through ${expected[action].join(' → ')}`, () => {
        expect(launchSteps({ action, campaignType })).toEqual(expected[action]);
      });
    }
  }

  it('reaches countries for consumer campaigns and stores for the others', () => {
    expect(CAMPAIGN_TYPES.map(reachKind)).toEqual(['stores', 'stores', 'stores', 'countries']);
  });

  it('keeps an index for the smart-review step and slots it before Schedule when offered', () => {
    expect(LAUNCH_STEP_INDEX.smartReview).toBeGreaterThan(LAUNCH_STEP_INDEX.reach);
    expect(LAUNCH_STEP_INDEX.smartReview).toBeLessThan(LAUNCH_STEP_INDEX.schedule);
    expect(launchSteps({ action: 'schedule', campaignType: 'general', smartReview: true })).toEqual([
      'choose',
      'settings',
      'reach',
      'smartReview',
      'schedule',
    ]);
  });

  it('moves forward and back one step at a time, and not past the ends', () => {
    const input = { action: 'schedule', campaignType: 'consumer' } as const;
    expect(nextLaunchStep(input, 'choose')).toBe('settings');
    expect(nextLaunchStep(input, 'reach')).toBe('schedule');
    expect(nextLaunchStep(input, 'schedule')).toBeNull();
    expect(previousLaunchStep(input, 'settings')).toBe('choose');
    expect(previousLaunchStep(input, 'choose')).toBeNull();
    expect(nextLaunchStep({ action: 'launch', campaignType: 'general' }, 'reach')).toBeNull();
  });

  it('hides the step bar only for a reschedule', () => {
    expect(showsLaunchStepBar('reschedule')).toBe(false);
    expect(showsLaunchStepBar('launch')).toBe(true);
    expect(showsLaunchStepBar('schedule')).toBe(true);
  });

  it('titles the modal by action, a shared campaign as shared', () => {
    expect(launchTitle('launch', false)).toBe('launch');
    expect(launchTitle('schedule', false)).toBe('schedule');
    expect(launchTitle('schedule', true)).toBe('shared');
    expect(launchTitle('reschedule', true)).toBe('reschedule');
  });

  it('allows only the legal status changes', () => {
    const table = Object.fromEntries(
      CAMPAIGN_STATUSES.map((s) => [s, (['launch', 'schedule', 'reschedule', 'delete'] as const).map((a) => statusAfter(s, a))]),
    );
    expect(table).toEqual({
      draft: ['active', 'scheduled', undefined, null],
      scheduled: [undefined, undefined, 'scheduled', null],
      rejected: ['active', 'scheduled', undefined, null],
      active: [undefined, undefined, undefined, undefined],
      ended: [undefined, undefined, undefined, undefined],
    });
  });

  it('sends a launched consumer campaign to its report and others to the promotion screen', () => {
    expect(launchOutcome('launch', { id: 7, type: 'consumer' })).toEqual({ toast: 'campaign.launch.confirm', redirect: '/campaign/report/7' });
    expect(launchOutcome('launch', { id: 7, type: 'general' })).toEqual({ toast: 'campaign.launch.confirm', redirect: '/campaign?show-promotion=7' });
    expect(launchOutcome('schedule', { id: 7, type: 'general' })).toEqual({ toast: 'campaign-scheduled-success', redirect: '/campaign' });
    expect(launchOutcome('reschedule', { id: 7, type: 'consumer' })).toEqual({ toast: 'schedule-campaign-edit-success', redirect: null });
  });
});
