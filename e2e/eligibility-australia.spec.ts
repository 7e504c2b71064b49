import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { holdScripts, siteInBrowser } from './support/site.js';
import { answerAustralianProfile } from './support/eligibility.js';

const ARTIFACTS = path.resolve('e2e/.artifacts');
// An Australian address (the embedded IP-to-country data), so the visitor lands on the Australia site.
const AUSTRALIA_IP = '1.128.0.1';

/** axe over the whole page: no violations, each listed with where it is. */
async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  const where = (nodes: { target: unknown[] }[]) => nodes.map((node) => node.target.join(' ')).join(', ');
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${where(v.nodes)})`)).toEqual([]);
}

describe("the Eligibility page's Australian points test", () => {
  const site = siteInBrowser();

  beforeAll(() => {
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1366, height: 900 },
  ]) {
    it(`estimates a profile at ${viewport.width} px, explains it and passes axe`, async () => {
      const context = await site.browser.newContext({
        viewport,
        extraHTTPHeaders: { 'X-Forwarded-For': AUSTRALIA_IP },
      });
      const page = await context.newPage();
      await page.goto(`${site.app.url}/other/eligibility`, { waitUntil: 'networkidle' });
      // The checker is in the server's HTML, before any script runs.
      const html = await fetch(`${site.app.url}/other/eligibility`).then((response) => response.text());
      expect(html).toContain('Your age when invited to apply');

      await answerAustralianProfile(page);
      const summary = page.getByRole('complementary', { name: 'Your estimate' });
      await expect.poll(() => summary.locator('p').first().textContent()).toBe('90 points');
      await expect(summary.getByText('Reaches the pass mark of 65').count()).resolves.toBe(1);
      const employment = summary.getByRole('row', { name: /Skilled employment/ });
      expect(await employment.textContent()).toContain('3 years outside Australia: 5 + 1 year in Australia: 5');
      expect(await employment.getByRole('cell').textContent()).toBe('10 / 20');
      // The polite live region tells screen readers the new total once the visitor pauses.
      await expect
        .poll(() => summary.getByRole('status').textContent())
        .toBe('Estimated total 90 points. Reaches the pass mark of 65.');
      // What would raise the score, biggest first: +10 for Superior English, then +10 for a 491 nomination.
      const suggestions = page.getByRole('region', { name: 'How to raise your score' }).getByRole('listitem');
      await expect(suggestions.allTextContents()).resolves.toEqual([
        '+10A Superior English result (e.g. IELTS 8 in each band) adds 10 points',
        '+10A regional nomination or sponsorship (subclass 491) gives 15 points instead of 5: 10 more',
        '+5Reaching 5 years of skilled employment outside Australia adds 5 points',
        '+5Reaching 3 years of skilled employment in Australia adds 5 points',
        '+5A NAATI credentialled community language test adds 5 points',
      ]);
      await expect(
        page
          .getByText('This is an estimate, not migration advice. A registered migration agent confirms your points.')
          .count(),
      ).resolves.toBe(1);
      await expect(page.getByRole('link', { name: /points table/ }).getAttribute('href')).resolves.toBe(
        'https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/skilled-independent-189/points-table',
      );

      // Nothing wider than the screen.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
      // An invalid age says why.
      const age = page.getByLabel('Your age when invited to apply');
      await age.fill('16');
      await age.press('Tab');
      await page.getByText('The points test starts at 18: enter an age of 18 or more').waitFor();
      await age.fill('29');
      await age.press('Tab');

      await expectNoAxeViolations(page);
      if (viewport.width < 500) {
        // The phone's bar keeps the total in view while the steps scroll.
        await page.getByLabel('Years outside Australia in the last 10 years').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(ARTIFACTS, 'eligibility-australia-375-bar.png') });
      }
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({
        path: path.join(ARTIFACTS, `eligibility-australia-${viewport.width}.png`),
        fullPage: true,
      });
      await context.close();
    });
  }

  it("counts the answers given before the page's script had loaded", async () => {
    const context = await site.browser.newContext({
      viewport: { width: 375, height: 812 },
      extraHTTPHeaders: { 'X-Forwarded-For': AUSTRALIA_IP },
    });
    const page = await context.newPage();
    const releaseScripts = await holdScripts(page);
    await page.goto(`${site.app.url}/other/eligibility`, { waitUntil: 'commit' });
    // Radios, boxes and numbers, answered in the server's HTML.
    await answerAustralianProfile(page);
    releaseScripts();
    const summary = page.getByRole('complementary', { name: 'Your estimate' });
    await expect.poll(() => summary.locator('p').first().textContent(), { timeout: 30_000 }).toBe('90 points');
    await expect(page.getByRole('radio', { name: /Proficient/ }).isChecked()).resolves.toBe(true);
    await context.close();
  });
});
