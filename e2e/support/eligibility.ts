import type { Page } from 'playwright-core';

/**
 * Answers the Australian points test on /other/eligibility as a visitor would, with the keyboard and clicks: a
 * 29-year-old with Proficient English, 3 years of work overseas and 1 in Australia, a bachelor degree that meets the
 * Australian study requirement, a professional year, single, applying for subclass 190. By hand from the Home
 * Affairs table: age 30 + English 10 + employment (5 + 5) 10 + bachelor 15 + Australian study 5 + professional
 * year 5 + single 10 + nomination 5 = 90.
 */
export async function answerAustralianProfile(page: Page): Promise<void> {
  const age = page.getByLabel('Your age when invited to apply');
  await age.fill('29');
  await age.press('Tab');
  await page.getByRole('radio', { name: /Proficient/ }).check();
  await page.getByLabel('Years outside Australia in the last 10 years').fill('3');
  await page.getByLabel('Years in Australia in the last 10 years').fill('1');
  await page.getByRole('radio', { name: /Bachelor or Masters degree/ }).check();
  await page.getByRole('checkbox', { name: /Australian study requirement/ }).check();
  await page.getByRole('checkbox', { name: /Professional Year/ }).check();
  await page.getByRole('radio', { name: /^Single/ }).check();
  // The last choice with the keyboard: Space on a focused radio chooses it.
  await page.getByRole('radio', { name: /Skilled Nominated \(190\)/ }).focus();
  await page.keyboard.press('Space');
}
