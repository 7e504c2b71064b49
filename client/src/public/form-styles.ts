/**
 * Mantine's styles for the public forms' fields (text, select, checkbox, radio), in Mantine's order: loaded with the pages
 * and dialogs that have a form, linked in the head of a page that renders one (pageAssetLinker on the server).
 */
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
