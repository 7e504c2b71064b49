import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * The brand's colours (docs/design.md). "Horizon" blue: shade 8 is the primary (white text on it 7.3:1, it as text on
 * white the same); 9 and the navy below are for text and dark surfaces.
 */
const brand: MantineColorsTuple = [
  '#e8f4f9',
  '#cfe7f2',
  '#a0cfe4',
  '#6cb5d4',
  '#4299c2',
  '#2984b2',
  '#1a76a6',
  '#0f6896',
  '#0b5c86',
  '#094a6c',
];

/** Sunrise amber for the calls to action: navy text on shade 4 is 10:1. */
const accent: MantineColorsTuple = [
  '#fff8e6',
  '#ffefc2',
  '#ffe08a',
  '#ffd257',
  '#ffc533',
  '#f5b10b',
  '#db9a00',
  '#b57f00',
  '#8f6400',
  '#6b4b00',
];

/** Green for success words and marks on white, 6:1 (Mantine's green shades stay under 4.5:1 for normal text). */
export const SUCCESS_GREEN = '#1b6e2d';

/** The typeface (self-hosted, client/src/fonts.ts), then a local face sized to match it while it loads. */
const FONT_STACK =
  '"Plus Jakarta Sans", "Plus Jakarta Sans Fallback", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

export const theme = createTheme({
  colors: { brand, accent },
  primaryColor: 'brand',
  // Shade 8 keeps white text on primary buttons above 4.5:1 contrast.
  primaryShade: 8,
  fontFamily: FONT_STACK,
  headings: {
    fontFamily: FONT_STACK,
    fontWeight: '700',
    // A type scale of about 1.25, the h1 fluid between phones and desktops.
    sizes: {
      h1: { fontSize: 'clamp(2rem, 1.4rem + 2.4vw, 3rem)', lineHeight: '1.15' },
      h2: { fontSize: 'clamp(1.5rem, 1.25rem + 1vw, 2rem)', lineHeight: '1.25' },
      h3: { fontSize: '1.3rem', lineHeight: '1.35' },
      h4: { fontSize: '1.1rem', lineHeight: '1.4' },
    },
  },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '16px', xl: '24px' },
});

/**
 * Mantine's light-scheme "dimmed" text (gray 6) and error red (red 6) fall below 4.5:1 on white: darker shades keep
 * descriptions, hints and field messages readable (axe checks every public route). The site's own tokens (navy
 * surfaces, the accent, the page's ink and soft background) are variables too, for the CSS modules.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--site-navy': '#0b2537',
    '--site-navy-soft': '#12364f',
    '--site-ink': '#16232e',
    '--site-surface': '#f4f8fb',
    '--site-accent': 'var(--mantine-color-accent-4)',
    '--site-accent-hover': 'var(--mantine-color-accent-3)',
    '--site-measure': '70ch',
  },
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-text': 'var(--site-ink)',
  },
  dark: {},
});
