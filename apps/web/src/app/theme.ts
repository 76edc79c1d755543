import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white button labels, links and outline badges above WCAG AA contrast (4.5:1) on white.
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
});

/**
 * Mantine's default "dimmed" grey (gray.6) and error red (red.6) are below AA contrast on white; shade 7/8 are not.
 * Light variants (badges, alerts) draw shade-6 text on a shade-1 tint, which for teal, orange and blue is below AA
 * (4.3:1 and less); their text gets a darker shade everywhere.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[8],
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-orange-light-color': '#9a3412',
    '--mantine-color-blue-light-color': t.colors.blue[9],
  },
  dark: { '--mantine-color-dimmed': t.colors.dark[2] },
});
