import { describe, expect, it } from 'vitest';
import {
  AU_POINTS_MESSAGES,
  AUSTRALIAN_POINTS_RULES,
  australianPointsInput,
  calculateAustralianPoints,
  describeAustralianPointsAnswers,
  type AustralianPointsAnswers,
} from './australia-points.js';
import { AUSTRALIAN_PROFILE, australianAnswers as answers } from './test-answers.js';

/**
 * The expected points are read from the Home Affairs points table (in force from 16 November 2019), not from the
 * code: https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/skilled-independent-189/points-table
 */

function pointsOf(factor: string, overrides: Partial<AustralianPointsAnswers>): number {
  const line = calculateAustralianPoints(answers(overrides)).breakdown.find((l) => l.factor === factor);
  if (!line) throw new Error(`no ${factor} line`);
  return line.points;
}

describe('the points table, factor by factor', () => {
  it.each([
    [17, 0],
    [18, 25],
    [24, 25],
    [25, 30],
    [32, 30],
    [33, 25],
    [39, 25],
    [40, 15],
    [44, 15],
    [45, 0],
    [60, 0],
  ])('age %i gives %i points', (age, points) => {
    expect(pointsOf('age', { age })).toBe(points);
  });

  it('explains why there are no age points under 18 and from 45', () => {
    const line = (age: number) => calculateAustralianPoints(answers({ age })).breakdown[0]!;
    expect(line(17).detail).toMatch(/start at 18/);
    expect(line(45).detail).toMatch(/under 45/);
    expect(line(33).detail).toBe('33 years old: the 33–39 band');
  });

  it.each([
    ['COMPETENT', 0],
    ['PROFICIENT', 10],
    ['SUPERIOR', 20],
  ] as const)('%s English gives %i points', (english, points) => {
    expect(pointsOf('english', { english })).toBe(points);
  });

  it.each([
    ['DOCTORATE', 20],
    ['BACHELOR_OR_MASTERS', 15],
    ['DIPLOMA_OR_TRADE', 10],
    ['OTHER_RECOGNISED', 10],
    ['NONE', 0],
  ] as const)('a %s qualification gives %i points', (qualification, points) => {
    expect(pointsOf('qualification', { qualification })).toBe(points);
  });

  it.each([
    [0, 0],
    [2.9, 0],
    [3, 5],
    [4, 5],
    [4.9, 5],
    [5, 10],
    [7, 10],
    [7.5, 10],
    [8, 15],
    [10, 15],
  ])('%s years of employment outside Australia give %i points', (years, points) => {
    expect(pointsOf('employment', { overseasEmploymentYears: years })).toBe(points);
  });

  it.each([
    [0, 0],
    [0.9, 0],
    [1, 5],
    [2, 5],
    [2.5, 5],
    [3, 10],
    [4, 10],
    [5, 15],
    [7, 15],
    [8, 20],
    [10, 20],
  ])('%s years of employment in Australia give %i points', (years, points) => {
    expect(pointsOf('employment', { australianEmploymentYears: years })).toBe(points);
  });

  it.each([
    // [outside, in Australia, points]
    [3, 1, 10], // 5 + 5
    [5, 3, 20], // 10 + 10 = 20, exactly the cap
    [8, 1, 20], // 15 + 5 = 20
    [8, 2, 20], // 15 + 5 = 20
    [5, 5, 20], // 10 + 15 = 25, capped at 20
    [7, 3, 20], // 10 + 10 = 20
    [2, 8, 20], // 0 + 20 = 20
  ])('%s years outside and %s in Australia give %i points together (at most 20)', (overseas, australian, points) => {
    expect(pointsOf('employment', { overseasEmploymentYears: overseas, australianEmploymentYears: australian })).toBe(
      points,
    );
  });

  it('says when the employment cap applies', () => {
    const line = calculateAustralianPoints(answers({ overseasEmploymentYears: 5, australianEmploymentYears: 5 }))
      .breakdown[2]!;
    expect(line).toMatchObject({ factor: 'employment', points: 20, max: 20 });
    expect(line.detail).toBe(
      '5 years outside Australia: 10 + 5 years in Australia: 15 = 25, capped: at most 20 together',
    );
    const uncapped = calculateAustralianPoints(answers({ overseasEmploymentYears: 5, australianEmploymentYears: 3 }))
      .breakdown[2]!;
    expect(uncapped.detail).toBe('5 years outside Australia: 10 + 3 years in Australia: 10');
  });

  it.each([
    ['SINGLE_OR_AUSTRALIAN_PARTNER', 10],
    ['PARTNER_SKILLED', 10],
    ['PARTNER_COMPETENT_ENGLISH', 5],
    ['PARTNER_NEITHER', 0],
  ] as const)('partner %s gives %i points', (partner, points) => {
    expect(pointsOf('partner', { partner })).toBe(points);
  });

  it.each([
    ['189', null, 0],
    ['190', null, 5],
    ['491', 'STATE_OR_TERRITORY', 15],
    ['491', 'ELIGIBLE_RELATIVE', 15],
    ['491', 'NONE', 0],
  ] as const)('subclass %s (%s) gives %i nomination points', (subclass, regionalSponsor, points) => {
    expect(pointsOf('nomination', { subclass, regionalSponsor })).toBe(points);
  });

  it.each([
    ['specialistEducation', 10],
    ['australianStudy', 5],
    ['professionalYear', 5],
    ['communityLanguage', 5],
  ] as const)('%s gives %i points when yes and none when no', (factor, points) => {
    expect(pointsOf(factor, { [factor]: true })).toBe(points);
    expect(pointsOf(factor, { [factor]: false })).toBe(0);
  });

  it('counts regional study only with a qualification that meets the Australian study requirement', () => {
    expect(pointsOf('regionalStudy', { regionalStudy: true, australianStudy: true })).toBe(5);
    expect(pointsOf('regionalStudy', { regionalStudy: true, australianStudy: false })).toBe(0);
    expect(pointsOf('regionalStudy', { regionalStudy: false, australianStudy: true })).toBe(0);
  });

  it('gives every line a label, a maximum and a detail, and a total that is their sum', () => {
    const result = calculateAustralianPoints(answers({ subclass: '190', age: 30, english: 'SUPERIOR' }));
    for (const line of result.breakdown) {
      expect(line.label).not.toBe('');
      expect(line.max).toBeGreaterThanOrEqual(line.points);
      expect(line.detail).toBeTruthy();
    }
    expect(result.total).toBe(result.breakdown.reduce((sum, line) => sum + line.points, 0));
    expect(result).toMatchObject({ tool: 'AU_POINTS', passMark: 65, rules: AUSTRALIAN_POINTS_RULES });
  });
});

describe('whole profiles, added up by hand from the table', () => {
  it('a 29-year-old accountant with a bachelor degree, Proficient English and a professional year (189)', () => {
    const result = calculateAustralianPoints(
      answers({
        subclass: '189',
        age: 29,
        english: 'PROFICIENT',
        overseasEmploymentYears: 3,
        australianEmploymentYears: 1,
        qualification: 'BACHELOR_OR_MASTERS',
        australianStudy: true,
        professionalYear: true,
        partner: 'SINGLE_OR_AUSTRALIAN_PARTNER',
      }),
    );
    // age 29: 30 + proficient: 10 + employment 3 y outside: 5 + 1 y in Australia: 5 + bachelor: 15
    // + Australian study: 5 + professional year: 5 + single: 10 + subclass 189: 0 = 85
    expect(result.total).toBe(85);
    expect(result.total).toBeGreaterThanOrEqual(result.passMark!);
  });

  it('a 41-year-old engineer with a doctorate, Superior English, capped employment and state nomination (190)', () => {
    const result = calculateAustralianPoints(
      answers({
        subclass: '190',
        age: 41,
        english: 'SUPERIOR',
        overseasEmploymentYears: 8,
        australianEmploymentYears: 2,
        qualification: 'DOCTORATE',
        partner: 'PARTNER_COMPETENT_ENGLISH',
      }),
    );
    // age 41: 15 + superior: 20 + employment min(20, 8 y outside: 15 + 2 y in Australia: 5 = 20) = 20
    // + doctorate: 20 + partner competent English: 5 + subclass 190 nomination: 5 = 85
    expect(result.total).toBe(85);
  });

  it('a 35-year-old with a diploma, Competent English and a relative’s sponsorship (491) falls short', () => {
    const result = calculateAustralianPoints(
      answers({
        subclass: '491',
        regionalSponsor: 'ELIGIBLE_RELATIVE',
        age: 35,
        english: 'COMPETENT',
        overseasEmploymentYears: 4,
        qualification: 'DIPLOMA_OR_TRADE',
        australianStudy: true,
        regionalStudy: true,
        communityLanguage: true,
        partner: 'PARTNER_NEITHER',
      }),
    );
    // age 35: 25 + competent: 0 + 4 y outside: 5 + diploma: 10 + Australian study: 5 + regional study: 5
    // + NAATI: 5 + partner neither: 0 + subclass 491 sponsorship: 15 = 70
    expect(result.total).toBe(70);
  });

  it('a 24-year-old STEM researcher who studied in regional Australia, 189, below the pass mark', () => {
    const result = calculateAustralianPoints(
      answers({
        age: 24,
        english: 'COMPETENT',
        australianEmploymentYears: 0.5,
        qualification: 'BACHELOR_OR_MASTERS',
        specialistEducation: true,
        australianStudy: true,
        regionalStudy: true,
        partner: 'PARTNER_NEITHER',
      }),
    );
    // age 24: 25 + competent: 0 + 0.5 y in Australia: 0 + masters: 15 + specialist: 10 + Australian study: 5
    // + regional study: 5 + partner neither: 0 + 189: 0 = 60
    expect(result.total).toBe(60);
    expect(result.total).toBeLessThan(result.passMark!);
  });
});

describe('suggestions', () => {
  it('lists what would raise the score, biggest first', () => {
    const result = calculateAustralianPoints(answers({ english: 'PROFICIENT', partner: 'PARTNER_NEITHER' }));
    const texts = result.suggestions.map((s) => s.text);
    expect(texts).toContain('A Superior English result (e.g. IELTS 8 in each band) adds 10 points');
    expect(texts).toContain('A professional year in Australia (accounting, ICT or engineering) adds 5 points');
    expect(texts).toContain('State nomination (subclass 190) adds 5 points');
    const gains = result.suggestions.map((s) => s.gain);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
    expect(gains[0]).toBe(15);
  });

  it('offers only what the visitor can still get, never age', () => {
    const everything = calculateAustralianPoints(
      answers({
        subclass: '491',
        regionalSponsor: 'STATE_OR_TERRITORY',
        age: 50,
        english: 'SUPERIOR',
        overseasEmploymentYears: 8,
        australianEmploymentYears: 2,
        professionalYear: true,
        communityLanguage: true,
        partner: 'PARTNER_SKILLED',
      }),
    );
    expect(everything.suggestions).toEqual([]);
  });

  it('offers the next band of employment only while the cap leaves points to gain', () => {
    const some = calculateAustralianPoints(answers({ overseasEmploymentYears: 4, australianEmploymentYears: 0 }));
    expect(some.suggestions).toContainEqual({
      factor: 'employment',
      text: 'Reaching 5 years of skilled employment outside Australia adds 5 points',
      gain: 5,
    });
    expect(some.suggestions).toContainEqual({
      factor: 'employment',
      text: 'Reaching 1 year of skilled employment in Australia adds 5 points',
      gain: 5,
    });
    // 5 y outside (10) + 3 y in Australia (10) = 20 already: more years add nothing.
    const capped = calculateAustralianPoints(answers({ overseasEmploymentYears: 5, australianEmploymentYears: 3 }));
    expect(capped.suggestions.filter((s) => s.factor === 'employment')).toEqual([]);
  });

  it('names the nomination and partner steps for each case', () => {
    const texts = (overrides: Partial<AustralianPointsAnswers>) =>
      calculateAustralianPoints(answers(overrides)).suggestions.map((s) => `${s.factor}:${s.gain}`);
    expect(texts({ subclass: '190' })).toContain('nomination:10');
    expect(texts({ subclass: '491', regionalSponsor: 'NONE' })).toContain('nomination:15');
    expect(texts({ subclass: '491', regionalSponsor: 'ELIGIBLE_RELATIVE' })).not.toContain('nomination:15');
    expect(texts({ partner: 'PARTNER_COMPETENT_ENGLISH' })).toContain('partner:5');
    expect(texts({ partner: 'SINGLE_OR_AUSTRALIAN_PARTNER' }).some((t) => t.startsWith('partner'))).toBe(false);
    expect(texts({ english: 'COMPETENT' }).filter((t) => t.startsWith('english'))).toEqual([
      'english:20',
      'english:10',
    ]);
  });
});

describe('the answers in words', () => {
  it('lists each question and its answer', () => {
    const lines = describeAustralianPointsAnswers(
      answers({ subclass: '491', regionalSponsor: 'STATE_OR_TERRITORY', age: 29, overseasEmploymentYears: 3.5 }),
    );
    expect(lines).toContainEqual(['Visa', 'Skilled Work Regional (subclass 491)']);
    expect(lines).toContainEqual(['Age', '29']);
    expect(lines).toContainEqual(['Skilled employment outside Australia in the last 10 years', '3.5 years']);
    expect(lines).toContainEqual(['Professional Year in Australia', 'No']);
    expect(lines).toContainEqual([
      'Nomination or sponsorship for subclass 491',
      'Nominated by a state or territory government',
    ]);
    expect(describeAustralianPointsAnswers(answers()).some(([q]) => q.includes('491'))).toBe(false);
  });
});

describe('the answers schema', () => {
  const valid = AUSTRALIAN_PROFILE;

  function messages(input: unknown): Record<string, string> {
    const parsed = australianPointsInput.safeParse(input);
    if (parsed.success) return {};
    return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  }

  it('accepts a complete profile and keeps no 491 sponsor for other subclasses', () => {
    expect(australianPointsInput.parse(valid)).toEqual({ ...valid, regionalSponsor: null });
    expect(australianPointsInput.parse({ ...valid, regionalSponsor: 'ELIGIBLE_RELATIVE' }).regionalSponsor).toBeNull();
  });

  it('says which answers are missing', () => {
    // Every answer of a complete profile, each with its own message.
    const required = Object.keys(valid).map((field) => [field, AU_POINTS_MESSAGES[field as keyof typeof valid]]);
    expect(messages({})).toEqual(Object.fromEntries(required));
  });

  it.each([
    [{ age: 17 }, 'age', AU_POINTS_MESSAGES.ageMin],
    [{ age: 100 }, 'age', AU_POINTS_MESSAGES.ageMax],
    [{ age: 30.5 }, 'age', AU_POINTS_MESSAGES.ageWhole],
    [{ age: '30' }, 'age', AU_POINTS_MESSAGES.age],
    [{ english: 'NATIVE' }, 'english', AU_POINTS_MESSAGES.english],
    [{ subclass: '482' }, 'subclass', AU_POINTS_MESSAGES.subclass],
    [{ overseasEmploymentYears: -1 }, 'overseasEmploymentYears', 'Enter a number of years from 0 to 10'],
    [{ australianEmploymentYears: 11 }, 'australianEmploymentYears', 'Enter a number of years from 0 to 10'],
    [
      { overseasEmploymentYears: 6, australianEmploymentYears: 5 },
      'australianEmploymentYears',
      'Employment outside and in Australia together cannot be more than the last 10 years',
    ],
    [{ subclass: '491' }, 'regionalSponsor', 'Nomination or sponsorship is required for subclass 491'],
    [{ subclass: '491', regionalSponsor: 'EMPLOYER' }, 'regionalSponsor', AU_POINTS_MESSAGES.regionalSponsor],
    [{ partner: 'MARRIED' }, 'partner', 'Partner is required'],
    [{ professionalYear: 'yes' }, 'professionalYear', 'Professional Year is required'],
  ])('rejects %j with “%s: %s”', (change, path, message) => {
    expect(messages({ ...valid, ...change })).toEqual({ [path]: message });
  });
});
