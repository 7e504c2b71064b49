import {
  convertCssVariables,
  defaultCssVariablesResolver,
  DEFAULT_THEME,
  em,
  mergeMantineTheme,
  px,
} from '@mantine/core';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../src/theme.js';

const MODULE_ID = 'virtual:mantine-theme.css';
const RESOLVED_ID = `\0${MODULE_ID}.css`;

/**
 * The theme's CSS variables and Mantine's responsive helper classes as a stylesheet, written at build time, instead
 * of the `<style>` elements MantineProvider would put in every page's body (4–5 KB of each page's HTML, and not
 * valid in the body). The provider runs with `withCssVariables={false}` and `withGlobalClasses={false}`.
 */
export function mantineThemeCss(): Plugin {
  return {
    name: 'mantine-theme-css',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? themeCss() : undefined),
  };
}

type Variables = Record<string, string>;

/** The entries of `values` that differ from `defaults` (Mantine's own stylesheet has the defaults). */
function changed(values: Variables, defaults: Variables): Variables {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => defaults[name] !== value));
}

export function themeCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const ours = defaultCssVariablesResolver(merged);
  const extra = cssVariablesResolver(merged);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const variables = convertCssVariables(
    {
      variables: changed({ ...ours.variables, ...extra.variables }, defaults.variables),
      light: changed({ ...ours.light, ...extra.light }, defaults.light),
      dark: changed({ ...ours.dark, ...extra.dark }, defaults.dark),
    },
    // More specific than Mantine's own `:root` rules: the staff area loads Mantine's whole stylesheet (with the
    // default values) after this one.
    'html:root',
  );
  // The same rules as Mantine's MantineClasses (hiddenFrom / visibleFrom).
  const classes = Object.entries(merged.breakpoints)
    .map(([name, value]) => {
      const width = px(value) as number;
      return (
        `@media (max-width: ${em(width - 0.1)}) {.mantine-visible-from-${name} {display: none !important;}}` +
        `@media (min-width: ${em(width)}) {.mantine-hidden-from-${name} {display: none !important;}}`
      );
    })
    .join('');
  return `${variables}${classes}`;
}
