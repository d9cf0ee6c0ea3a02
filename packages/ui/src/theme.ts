import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * The product's look (the seed): light mode only, primary green, neutral dark grey as the main colour,
 * content at most 1800 px wide, notifications top right.
 */
export const PRIMARY_GREEN = '#1b7a3e';
export const NEUTRAL_DARK_GREY = '#2f3437';
export const PAGE_BACKGROUND = '#f4f6f5';
export const CONTENT_MAX_WIDTH = 1800;
/** The app frame's header; notifications are offset below it so a toast never covers its controls. */
export const HEADER_HEIGHT = 56;

// Shade 7 is the seed's green; the lighter shades are for light variants (badges, selected menu items).
const green: MantineColorsTuple = ['#e8f5ec', '#d3eadb', '#a8d5b8', '#7bbf93', '#55ad75', '#3c9f61', '#2c8c50', PRIMARY_GREEN, '#12592c', '#0a4420'];
// Shade 7 is the seed's dark grey (header, text); shade 0 the page background.
const neutral: MantineColorsTuple = [PAGE_BACKGROUND, '#e6e9e8', '#c9ced1', '#aab1b5', '#8a9297', '#6f777c', '#5d6468', NEUTRAL_DARK_GREY, '#25292b', '#1a1d1f'];

export const backofficeTheme = createTheme({
  primaryColor: 'green',
  primaryShade: 7,
  colors: { green, neutral },
  black: NEUTRAL_DARK_GREY,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  // Keyboard users see where they are; mouse clicks do not leave a ring.
  focusRing: 'auto',
});

/** Muted text in the neutral grey (a little darker than Mantine's default dimmed colour, for contrast). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5d6468', '--mantine-color-anchor': '#12592c' },
  dark: {},
});
