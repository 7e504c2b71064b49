import { describe, expect, it } from 'vitest';
import { eligibilityAttachment, leadEligibilityOf, rulesAreStale, scoreSummary } from './attachment.js';
import { australianAnswers } from './test-answers.js';

describe('the rules-date warning', () => {
  it('warns once the rules were last checked more than 12 months ago', () => {
    const today = new Date('2026-11-25T12:00:00Z');
    expect(rulesAreStale('2026-11-25', today)).toBe(false);
    expect(rulesAreStale('2025-11-26', today)).toBe(false);
    expect(rulesAreStale('2025-11-25', today)).toBe(true);
    expect(rulesAreStale('2019-11-16', today)).toBe(true);
  });
});

describe('a result sent with an enquiry', () => {
  it('keeps the answers only, and the score worked out from them', () => {
    const parsed = eligibilityAttachment.parse({
      tool: 'AU_POINTS',
      total: 120,
      answers: australianAnswers({ age: 33, english: 'SUPERIOR', qualification: 'DOCTORATE' }),
    });
    expect(parsed).not.toHaveProperty('total');
    const lead = leadEligibilityOf(parsed);
    // age 33: 25 + Superior English: 20 + doctorate: 20 + partner neither: 0 = 65.
    expect(lead.result.total).toBe(65);
    expect(scoreSummary(lead)).toBe('Australian points test: 65 points (pass mark 65)');
  });

  it('refuses answers of an unknown checker', () => {
    expect(eligibilityAttachment.safeParse({ tool: 'NZ_POINTS', answers: {} }).success).toBe(false);
  });
});
