/**
 * Mantine's styles for the components the public site's pages and forms use (its whole stylesheet is 41 KB gzip),
 * in Mantine's order: the base, then each component after the ones it is built from. A component newly used on
 * a public page needs its file here, one used only in a dialog or a form in public/dialog-styles.ts or
 * public/form-styles.ts (loaded with those parts, and linked in the head of a page that renders one); the staff area loads
 * the whole stylesheet (client/src/admin/AdminApp.tsx).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
// The theme's own values (client/build/mantine-theme-css.ts), in place of MantineProvider's <style> elements.
import 'virtual:mantine-theme.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
