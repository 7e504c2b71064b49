/**
 * The site's typeface, Plus Jakarta Sans, self-hosted (@fontsource, latin, woff2): regular for text, bold for
 * headings and buttons. `font-display: swap` is in fontsource's CSS; the server preloads both files in every page's
 * head (entry-server.tsx), and a local face with the same metrics stands in while they load, so text does not move
 * when they arrive (fonts.css).
 */
import '@fontsource/plus-jakarta-sans/latin-400.css';
import '@fontsource/plus-jakarta-sans/latin-700.css';
import './fonts.css';
import regular from '@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-latin-400-normal.woff2?url';
import bold from '@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-latin-700-normal.woff2?url';

/** The font files every page uses, for `<link rel="preload">`. */
export const FONT_FILES: readonly string[] = [regular, bold];
