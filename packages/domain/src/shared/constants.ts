/** Business constants and limits (product rule R47), in one place for browser and server. */
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export const LIMITS = {
  campaignName: 50,
  rewardTitle: 80,
  rewardDescription: 200,
  finePrint: 300,
  dynamicAmountRows: 3,
  missionTitle: 120,
} as const;

export const PAGE_SIZES = {
  reachTable: 10,
  missions: 5,
  items: 5,
  partners: 10,
  storeList: 15,
  campaignList: 10,
} as const;

export const MAX_PAGE_SIZE = 100;

/** The autosave indicator shows "saving" for at least this long (product rule R47). */
export const AUTOSAVE_MIN_SAVING_MS = 1000;

export const EMBED_FRAME = { width: 601, height: 490 } as const;
export const MAP_START_ZOOM = 1.5;

/**
 * Sent by the web app on every /api call. A link, form or image on another site cannot set a header, so a
 * state-changing GET requires it (or Sec-Fetch-Site: same-origin) — decision 0003.
 */
export const APP_REQUEST_HEADER = 'x-rally-request';
