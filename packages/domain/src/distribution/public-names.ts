import { z } from 'zod';

/**
 * Who a public page may name on its leaderboard (issue 27): public pages are read by anyone, and a staff contest
 * ranks a brand's store employees. By default a public page names nobody — ranks and figures only. A brand may
 * instead show each participant's first name and last initial ("Daniel B."), or the stores' names.
 */
export const PUBLIC_LEADERBOARD_NAMES = ['none', 'initials', 'stores'] as const;
export type TPublicLeaderboardNames = (typeof PUBLIC_LEADERBOARD_NAMES)[number];
export const DEFAULT_PUBLIC_LEADERBOARD_NAMES: TPublicLeaderboardNames = 'none';

/** GET and PUT /api/public-page/settings: the brand's choices for its public pages. */
export const ZPublicPageSettings = z
  .object({
    leaderboardNames: z.enum(PUBLIC_LEADERBOARD_NAMES, { message: 'one of none, initials, stores' }),
  })
  .strict();
export type TPublicPageSettings = z.infer<typeof ZPublicPageSettings>;

/**
 * A full name as a public page may show it: the first name and the last name's initial ("Daniel Brown" → "Daniel
 * B."); a single name stays as it is. Middle names are dropped, so at most one name and one initial ever show.
 */
export function firstNameAndInitial(fullName: string): string {
  const parts = fullName.trim().split(/\s+/u).filter(Boolean);
  if (parts.length === 0) return '';
  const first = parts[0]!;
  if (parts.length === 1) return first;
  // The initial is the last name's first character as a person reads it (a whole code point, not half of one).
  const initial = Array.from(parts.at(-1)!)[0]!.toLocaleUpperCase();
  return `${first} ${initial}.`;
}
