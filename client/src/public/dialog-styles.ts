/**
 * Mantine's styles for its dialogs (modal, drawer and the drawer's links), in Mantine's order: loaded with the
 * public parts that open a dialog, not with every page (client/src/mantine-styles.ts has the rest).
 */
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/NavLink.css';
