import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { animationsDone, keepScreenshots } from './site.js';

/** Picks a country in a staff screen's "Country" select. */
export async function chooseCountry(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/**
 * Every staff screen's common check: axe finds no violations, and its screenshots are kept (`keepScreenshots`, as
 * `admin-<name>`), the phone's once it is sure the page does not scroll sideways (wide tables scroll in their own box).
 */
export async function checkAdminScreen(page: Page, name: string): Promise<void> {
  // A toast closes on its own within seconds; caught fading out while axe reads it, its text counts as too faint.
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 10_000 });
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).analyze();
  // Each violation with the elements it names, so a failure says where to look.
  const where = (nodes: { target: unknown[] }[]) => nodes.map((node) => node.target.join(' ')).join(', ');
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.help} (${where(violation.nodes)})`),
  ).toEqual([]);
  await keepScreenshots(page, `admin-${name}`);
}

/**
 * The toast text after an action, e.g. "Successfully Added!". The toast is then closed and gone, so the next check
 * of the same text can only be answered by a new toast, never by this one still fading out.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const toast = page
    .locator('.mantine-Notification-root')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();
  await toast.waitFor();
  // Clicked without moving the pointer there: a toast under the pointer stays open, and later ones open there too.
  // It may close on its own meanwhile (after 3 s): then there is nothing left to click.
  await toast
    .getByRole('button', { name: 'Close notification' })
    .dispatchEvent('click', undefined, { timeout: 2000 })
    .catch(() => undefined);
  await toast.waitFor({ state: 'detached', timeout: 10_000 });
}

/** A real PNG of one colour (uploads are checked for being images). */
export function png(background: string, width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A staff screen's add or edit dialog, as the steps of filling it in. */
export interface FormDialog {
  dialog: Locator;
  save: Locator;
  /**
   * Uploads a new PNG in the dialog's image picker, described by `altText` (required before it is sent); the upload
   * becomes the chosen picture.
   */
  uploadPicture(name: string, buffer: Buffer, altText?: string): Promise<void>;
  /** Chooses `options` in the dialog's multi-select (the pills box around the input takes the click), then closes it. */
  chooseMany(options: string[]): Promise<void>;
  /** Fills a field with a wrong value and leaves it: its message shows. */
  expectFieldMessage(field: Locator, wrong: string, message: string): Promise<void>;
  /**
   * Saves once Save is on, and waits for the toast (e.g. "Successfully Added!") and the dialog to close. `checkAs`
   * first checks the filled-in dialog as a staff screen of that name (checkAdminScreen).
   */
  saveWith(toast: string, checkAs?: string): Promise<void>;
}

/**
 * The steps every staff screen that lists items takes: its add and edit dialogs, and for items shown in several
 * countries (or pages) the shared delete and "Add … to another …".
 */
export function staffScreen(page: Page) {
  return {
    /** Opens an add or edit dialog with the button named `button`; Save stays off until something is filled in. */
    async openForm(button: string, title: string): Promise<FormDialog> {
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: title });
      const save = dialog.getByRole('button', { name: 'Save', exact: true });
      await expect(save.isDisabled()).resolves.toBe(true);
      return {
        dialog,
        save,
        async uploadPicture(name, buffer, altText = `A picture for the ${name} test`) {
          await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer });
          await dialog
            .getByRole('textbox', { name: new RegExp(`^Alternative text of ${escapeRegExp(name)}`) })
            .fill(altText);
          await dialog.getByRole('button', { name: 'Upload picture' }).click();
          await expect.poll(() => dialog.getByRole('radio', { name }).isChecked()).toBe(true);
        },
        async chooseMany(options) {
          // Opened until its list shows: a click that lands as the dialog renders again (a picture just uploaded)
          // left the dropdown closed once, on a busy machine. A click on an open one would close it: only when shut.
          const listbox = page.getByRole('listbox');
          await expect
            .poll(async () => {
              if (!(await listbox.isVisible())) await dialog.locator('.mantine-MultiSelect-input').click();
              return listbox.isVisible();
            })
            .toBe(true);
          for (const name of options) await page.getByRole('option', { name, exact: true }).click();
          await page.keyboard.press('Escape');
        },
        async expectFieldMessage(field, wrong, message) {
          await field.fill(wrong);
          await field.blur();
          await dialog.getByText(message).waitFor();
        },
        async saveWith(toast, checkAs) {
          await expect.poll(() => save.isEnabled()).toBe(true);
          if (checkAs) await checkAdminScreen(page, checkAs);
          await save.click();
          await expectToast(page, toast);
          await dialog.waitFor({ state: 'hidden' });
        },
      };
    },

    /**
     * Deletes an item shown in several countries (or pages): its row's Delete, confirmed in "Do you want to
     * delete ?", answers with the "Shown elsewhere" dialog saying `where`, which is returned.
     */
    async deleteShared(item: string, where: RegExp): Promise<Locator> {
      await page.getByRole('button', { name: `Delete ${item}` }).click();
      await page
        .getByRole('dialog', { name: 'Do you want to delete ?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      const shared = page.getByRole('dialog', { name: 'Shown elsewhere' });
      await shared.getByText(where).waitFor();
      return shared;
    },

    /**
     * Adds a listed item to one more country (or page) with its row's "Add … to another …" dialog. `notOffered` is
     * a country (or page) that already shows it, so the dialog must not offer it.
     */
    async addToAnother(
      item: string,
      to: { country: string; notOffered?: string } | { page: string; notOffered?: string },
    ): Promise<void> {
      const [kind, option] = 'country' in to ? (['country', to.country] as const) : (['page', to.page] as const);
      await page.getByRole('button', { name: `Add ${item} to another ${kind}` }).click();
      const link = page.getByRole('dialog', { name: `Add "${item}" to another ${kind}` });
      await link.getByRole('combobox', { name: kind === 'country' ? 'Country' : 'Page' }).click();
      if (to.notOffered) {
        await expect(page.getByRole('option', { name: to.notOffered, exact: true }).count()).resolves.toBe(0);
      }
      await page.getByRole('option', { name: option, exact: true }).click();
      await link.getByRole('button', { name: 'Add' }).click();
      await expectToast(page, 'Successfully Added!');
      await link.waitFor({ state: 'hidden' });
    },

    /** Clears the screen's filter select (its × button), so the list shows every country or page again. */
    async clearFilter(filter: Locator): Promise<void> {
      await filter.hover();
      await page.locator('.mantine-Select-section button').first().click();
    },

    /** Waits until the list has no cell `text` any more. */
    async expectNoCell(text: string): Promise<void> {
      await expect.poll(() => page.getByRole('cell', { name: text, exact: true }).count()).toBe(0);
    },
  };
}

/** `text` matched literally in a RegExp. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
