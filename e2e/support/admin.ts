import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const ARTIFACTS = path.resolve('e2e/.artifacts');

/** Picks a country in a staff screen's "Country" select. */
export async function chooseCountry(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/**
 * Every staff screen's common check: axe finds no violations, and a full-page screenshot is kept as a test
 * artifact (`e2e/.artifacts/admin-<name>.png`).
 */
export async function checkAdminScreen(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  // Each violation with the elements it names, so a failure says where to look.
  const where = (nodes: { target: unknown[] }[]) => nodes.map((node) => node.target.join(' ')).join(', ');
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.help} (${where(violation.nodes)})`),
  ).toEqual([]);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `admin-${name}.png`), fullPage: true });
}

/** The toast text after an action, e.g. "Successfully Added!". */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}
