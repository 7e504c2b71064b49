import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { holdScripts, siteInBrowser } from './support/site.js';

const ARTIFACTS = path.resolve('e2e/.artifacts');

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  const where = (nodes: { target: unknown[] }[]) => nodes.map((node) => node.target.join(' ')).join(', ');
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.help} (${where(violation.nodes)})`),
  ).toEqual([]);
}

/**
 * The Express Entry (CRS) checker on Migrate to Canada, on a phone: a married visitor whose partner comes along
 * answers every step; the total, a breakdown line and a suggestion are the ones worked out by hand in
 * shared/eligibility/canada-crs.test.ts (380 points).
 */
describe('the Canadian Express Entry score checker', () => {
  const site = siteInBrowser();

  it('scores a profile with a partner at 375 px, step by step, and says what would raise it', async () => {
    const context = await site.browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(`${site.app.url}/canada/migrate-to-canada`, { waitUntil: 'networkidle' });
    const checker = page.getByRole('form', { name: 'Comprehensive Ranking System checker' });
    const summary = page.getByRole('complementary', { name: 'Your CRS estimate' });
    const status = summary.getByRole('status');
    await expect(summary.textContent()).resolves.toContain('0 / 1,200');

    // 1. You and your partner: the partner questions appear with the answers that call for them.
    await checker.getByLabel('Marital status').selectOption('MARRIED');
    await checker
      .getByRole('group', { name: /Canadian citizen or permanent resident/ })
      .getByLabel('No')
      .check();
    await checker
      .getByRole('group', { name: /come with you to Canada/ })
      .getByLabel('Yes')
      .check();
    // Six steps now, the partner's among them.
    await expect(checker.getByRole('navigation', { name: 'Steps' }).getByRole('button').count()).resolves.toBe(6);
    await checker.getByRole('button', { name: 'Next: Age and education' }).click();

    // 2. Age and education; focus moves to the new step's heading.
    await expect
      .poll(() => page.evaluate<string>("document.activeElement?.textContent ?? ''"))
      .toContain('Step 2 of 6');
    // Going on without an age says what is missing.
    await checker.getByRole('button', { name: 'Next: Languages' }).click();
    await checker.getByText('Age is required').waitFor();
    await checker.getByLabel(/^Age/).fill('33');
    await checker.getByLabel('Level of education').selectOption('MASTERS_OR_PROFESSIONAL');
    await checker.getByRole('button', { name: 'Next: Languages' }).click();

    // 3. Languages.
    const first = checker.getByRole('group', { name: /First official language/ });
    for (const [ability, level] of [
      ['Speaking', '8'],
      ['Listening', '9'],
      ['Reading', '8'],
      ['Writing', '7'],
    ] as const) {
      await first.getByLabel(ability).selectOption(level);
    }
    // What a phone shows while answering: the step and, stuck to the bottom, the running total.
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'eligibility-canada-375-step.png') });
    await checker.getByRole('button', { name: 'Next: Work' }).click();

    // 4. Work, with the keyboard only: Tab to the foreign work select and choose "3 years or more".
    const foreign = checker.getByLabel('Foreign work experience');
    await foreign.focus();
    await page.keyboard.press('End');
    await expect(foreign.inputValue()).resolves.toBe('3');
    await checker.getByRole('button', { name: 'Next: Partner' }).click();

    // 5. Partner.
    await checker.getByLabel("Partner's level of education").selectOption('BACHELORS_OR_THREE_YEAR');
    const partner = checker.getByRole('group', { name: "Partner's first official language" });
    for (const ability of ['Speaking', 'Listening', 'Reading', 'Writing']) {
      await partner.getByLabel(ability).selectOption('7');
    }
    await checker.getByRole('button', { name: 'Next: Additional' }).click();

    // 6. Additional.
    await checker
      .getByRole('group', { name: /Brother or sister/ })
      .getByLabel('Yes')
      .check();
    await checker.getByRole('button', { name: 'See my result' }).click();

    // The total the tests work out by hand, announced politely, and on the result.
    await expect.poll(() => status.textContent()).toBe('Estimated score: 380 out of 1,200');
    await expect(summary.textContent()).resolves.toContain('380 / 1,200');
    const result = page.getByRole('region', { name: /Your estimated score/ });
    await expect(result.getByRole('heading', { name: /^Your estimated score/ }).textContent()).resolves.toBe(
      'Your estimated score: 380 of 1,200',
    );
    // A breakdown line: the partner's CLB 7 in all four, 3 points each.
    const partnerLanguage = result.getByRole('row', { name: /Partner's first official language/ });
    await expect(partnerLanguage.textContent()).resolves.toContain('12 / 20');
    await expect(
      result.getByRole('table', { name: /B\. Spouse or common-law partner factors/ }).textContent(),
    ).resolves.toContain('20 of 40');
    // A suggestion, re-scored with the same rules.
    await result.getByText('CLB 9 in every ability of your first official language adds 77 points').waitFor();
    await result
      .getByText('This is an estimate, not immigration advice. A licensed consultant confirms your score.')
      .waitFor();
    await expect(result.getByText(/Rules as published by IRCC on 25 March 2025/).count()).resolves.toBe(1);

    // Nothing wider than the phone.
    await expect(
      page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
    ).resolves.toBeLessThanOrEqual(0);

    await expectNoAxeViolations(page);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: path.join(ARTIFACTS, 'eligibility-canada-375.png'), fullPage: true });

    // The same answers on a laptop: the sticky summary column beside the form.
    await page.setViewportSize({ width: 1366, height: 900 });
    await checker.getByRole('button', { name: /Languages/ }).click();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'eligibility-canada-1366.png'), fullPage: true });
    await context.close();
  });

  it("keeps an answer chosen before the page's script had loaded, and asks what it calls for", async () => {
    const context = await site.browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const releaseScripts = await holdScripts(page);
    await page.goto(`${site.app.url}/canada/migrate-to-canada`, { waitUntil: 'commit' });
    const checker = page.getByRole('form', { name: 'Comprehensive Ranking System checker' });
    await checker.getByLabel('Marital status').selectOption('MARRIED');
    const partnerQuestion = checker.getByRole('group', { name: /Canadian citizen or permanent resident/ });
    await expect(partnerQuestion.count()).resolves.toBe(0);

    releaseScripts();
    // The checker learned the answer: the partner questions it calls for appear, and the choice still shows.
    await partnerQuestion.waitFor();
    await expect(checker.getByLabel('Marital status').inputValue()).resolves.toBe('MARRIED');
    await context.close();
  });
});
