/**
 * The Mantine theme. Colours are tuned so that every screen passes axe's color-contrast rule (WCAG AA)
 * in both schemes: the filled shade of every colour is dark enough for white text, and the two greys
 * that Mantine uses for secondary text (gray-6 in light, dark-2 in dark) are darkened/lightened.
 */
import { DEFAULT_THEME, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { contrast, darkenForWhite } from './contrast';

/** The shade every colour's filled variant (and, in light, its text colour) uses. */
export const FILLED_SHADE = 8;
/** White text on a filled shade, and a filled colour's text on white: AA with a little room. */
export const FILLED_CONTRAST = 4.6;

/**
 * Mantine's green, teal, cyan, lime, yellow and orange at shade 8 carry white text at 2.5-4.4:1 (a
 * status badge, a filled button, `c="green"` text): their shades 8 and 9 are darkened, same hue, to
 * FILLED_CONTRAST (9, the hover, a step darker than 8).
 */
function withWhiteTextShades(tuple: MantineColorsTuple): MantineColorsTuple {
  if (contrast(tuple[FILLED_SHADE], '#ffffff') >= FILLED_CONTRAST) return tuple;
  const shades = [...tuple];
  shades[8] = darkenForWhite(tuple[8], FILLED_CONTRAST);
  shades[9] = darkenForWhite(tuple[9], FILLED_CONTRAST + 1);
  return shades as unknown as MantineColorsTuple;
}

const [g0, g1, g2, g3, g4, g5, , g7, g8, g9] = DEFAULT_THEME.colors.gray;
// gray-6 is 5.4:1 on white (Mantine's #868e96 is 3.3:1)
const gray: MantineColorsTuple = [g0, g1, g2, g3, g4, g5, '#636b73', g7, g8, g9];
const [d0, d1, , d3, d4, d5, d6, d7, d8, d9] = DEFAULT_THEME.colors.dark;
// dark-2 is 6.5:1 on the dark body (Mantine's #828282 is 4.0:1)
const dark: MantineColorsTuple = [d0, d1, '#a8a8a8', d3, d4, d5, d6, d7, d8, d9];

export const theme = createTheme({
  primaryColor: 'blue',
  // shade 8 carries white text at 5:1 in both schemes; applies to the filled variant of every colour
  primaryShade: { light: 8, dark: 8 },
  colors: {
    ...Object.fromEntries(
      Object.entries(DEFAULT_THEME.colors).map(([name, tuple]) => [name, withWhiteTextShades(tuple)]),
    ),
    gray,
    dark,
  },
  focusRing: 'auto',
  defaultRadius: 'md',
  cursorType: 'pointer',
  respectReducedMotion: true,
  components: {
    Tooltip: { defaultProps: { events: { hover: true, focus: true, touch: true }, withArrow: true } },
    Modal: {
      defaultProps: { centered: true },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Fieldset: { styles: { legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } } },
    // The placeholder is a focusable role=presentation child of role=menu: axe's aria-required-children fails.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/** Link and error colours with AA contrast on the body and card backgrounds of each scheme. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {
    '--mantine-color-anchor': 'var(--mantine-color-blue-3)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
  },
});
