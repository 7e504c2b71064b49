import { describe, expect, it } from 'vitest';
import {
  calculateCrs,
  CRS_EDUCATION_LEVELS,
  CRS_MAX_TOTAL,
  CRS_RULES,
  crsInput,
  crsSections,
  describeCrsAnswers,
  isWithSpouse,
  type ClbScores,
  type CrsAnswers,
  type CrsAnswersInput,
  type CrsEducation,
} from './canada-crs.js';
import { CANADIAN_PROFILE } from './test-answers.js';

/*
 * Expected values are IRCC's "Comprehensive Ranking System (CRS) criteria – Express Entry" tables (CRS_RULES.source),
 * rules in force since 2025-03-25, typed in by hand here rather than read from the implementation.
 */

const clb = (level: number): ClbScores => ({ speaking: level, listening: level, reading: level, writing: level });

/** A single applicant with nothing but the given answers: every other factor scores 0. */
function single(overrides: Partial<CrsAnswersInput> = {}): CrsAnswers {
  return crsInput.parse({
    maritalStatus: 'SINGLE',
    age: 50,
    education: 'LESS_THAN_SECONDARY',
    firstLanguage: clb(0),
    canadianWork: 0,
    foreignWork: 0,
    tradeCertificate: false,
    provincialNomination: false,
    canadianStudy: 'NONE',
    siblingInCanada: false,
    frenchAbility: 'NONE',
    ...overrides,
  });
}

/** The same with a spouse who comes to Canada and is not a citizen or permanent resident. */
function withSpouse(overrides: Partial<CrsAnswersInput> = {}): CrsAnswers {
  return single({
    maritalStatus: 'MARRIED',
    partnerIsCanadian: false,
    partnerComing: true,
    spouseEducation: 'LESS_THAN_SECONDARY',
    spouseLanguage: clb(0),
    spouseCanadianWork: 0,
    ...overrides,
  });
}

function pointsOf(answers: CrsAnswers, factor: string): number {
  const line = calculateCrs(answers).breakdown.find((candidate) => candidate.factor === factor);
  if (!line) throw new Error(`No ${factor} line`);
  return line.points;
}

describe('CRS rules info', () => {
  it('names the rules after the 25 March 2025 change and links the source', () => {
    expect(CRS_RULES).toMatchObject({
      publisher: 'Immigration, Refugees and Citizenship Canada (IRCC)',
      publishedOn: '2025-03-25',
    });
    expect(CRS_RULES.source).toMatch(/^https:\/\/www\.canada\.ca\/.+\/express-entry\/check-score\/crs-criteria\.html$/);
    const result = calculateCrs(single());
    expect(result.tool).toBe('CRS');
    expect(result.passMark).toBeNull();
    expect(result.rules).toBe(CRS_RULES);
    // No line for arranged employment: job offers give no points since 2025-03-25.
    expect(result.breakdown.some((line) => /job|arranged/i.test(line.factor + line.label))).toBe(false);
  });
});

describe('A. age', () => {
  it.each([
    // age, with a spouse, without
    [16, 0, 0],
    [17, 0, 0],
    [18, 90, 99],
    [19, 95, 105],
    [20, 100, 110],
    [25, 100, 110],
    [29, 100, 110],
    [30, 95, 105],
    [31, 90, 99],
    [32, 85, 94],
    [33, 80, 88],
    [34, 75, 83],
    [35, 70, 77],
    [36, 65, 72],
    [37, 60, 66],
    [38, 55, 61],
    [39, 50, 55],
    [40, 45, 50],
    [41, 35, 39],
    [42, 25, 28],
    [43, 15, 17],
    [44, 5, 6],
    [45, 0, 0],
    [60, 0, 0],
  ])('%i years old: %i with a spouse, %i without', (age, withPoints, withoutPoints) => {
    expect(pointsOf(withSpouse({ age }), 'core.age')).toBe(withPoints);
    expect(pointsOf(single({ age }), 'core.age')).toBe(withoutPoints);
  });
});

describe('A. level of education', () => {
  it.each<[CrsEducation, number, number]>([
    ['LESS_THAN_SECONDARY', 0, 0],
    ['SECONDARY', 28, 30],
    ['ONE_YEAR_POST_SECONDARY', 84, 90],
    ['TWO_YEAR_POST_SECONDARY', 91, 98],
    ['BACHELORS_OR_THREE_YEAR', 112, 120],
    ['TWO_OR_MORE_CREDENTIALS', 119, 128],
    ['MASTERS_OR_PROFESSIONAL', 126, 135],
    ['DOCTORAL', 140, 150],
  ])('%s: %i with a spouse, %i without', (education, withPoints, withoutPoints) => {
    expect(pointsOf(withSpouse({ education }), 'core.education')).toBe(withPoints);
    expect(pointsOf(single({ education }), 'core.education')).toBe(withoutPoints);
  });

  it('covers every level', () => {
    expect(CRS_EDUCATION_LEVELS).toHaveLength(8);
  });
});

describe('A. first official language', () => {
  it.each([
    // CLB, per ability with a spouse, without
    [0, 0, 0],
    [3, 0, 0],
    [4, 6, 6],
    [5, 6, 6],
    [6, 8, 9],
    [7, 16, 17],
    [8, 22, 23],
    [9, 29, 31],
    [10, 32, 34],
    [12, 32, 34],
  ])('CLB %i: %i per ability with a spouse, %i without', (level, withPoints, withoutPoints) => {
    expect(pointsOf(withSpouse({ firstLanguage: clb(level) }), 'core.firstLanguage')).toBe(withPoints * 4);
    expect(pointsOf(single({ firstLanguage: clb(level) }), 'core.firstLanguage')).toBe(withoutPoints * 4);
  });

  it('scores each ability on its own', () => {
    // Without a spouse: speaking 10 (34) + listening 9 (31) + reading 6 (9) + writing 4 (6) = 80.
    const firstLanguage = { speaking: 10, listening: 9, reading: 6, writing: 4 };
    expect(pointsOf(single({ firstLanguage }), 'core.firstLanguage')).toBe(80);
  });
});

describe('A. second official language', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [6, 1],
    [7, 3],
    [8, 3],
    [9, 6],
    [10, 6],
  ])('CLB %i: %i per ability', (level, perAbility) => {
    // Four abilities at the same level; 4 × 6 = 24 is over the cap of 22 with a spouse.
    expect(pointsOf(single({ secondLanguage: clb(level) }), 'core.secondLanguage')).toBe(perAbility * 4);
    expect(pointsOf(withSpouse({ secondLanguage: clb(level) }), 'core.secondLanguage')).toBe(
      Math.min(perAbility * 4, 22),
    );
  });

  it('counts at most 22 with a spouse and 24 without, and says so', () => {
    const capped = calculateCrs(withSpouse({ secondLanguage: clb(9) })).breakdown.find(
      (line) => line.factor === 'core.secondLanguage',
    );
    expect(capped).toMatchObject({ points: 22, max: 22 });
    expect(capped?.detail).toContain('24 earned, 22 counted');
    // Three at CLB 9 and one at CLB 7: 6 + 6 + 6 + 3 = 21, under the cap.
    const secondLanguage = { speaking: 9, listening: 9, reading: 9, writing: 7 };
    expect(pointsOf(withSpouse({ secondLanguage }), 'core.secondLanguage')).toBe(21);
    expect(pointsOf(single({ secondLanguage: clb(12) }), 'core.secondLanguage')).toBe(24);
    expect(pointsOf(single(), 'core.secondLanguage')).toBe(0);
  });
});

describe('A. Canadian work experience', () => {
  it.each([
    [0, 0, 0],
    [1, 35, 40],
    [2, 46, 53],
    [3, 56, 64],
    [4, 63, 72],
    [5, 70, 80],
  ])('%i years: %i with a spouse, %i without', (canadianWork, withPoints, withoutPoints) => {
    expect(pointsOf(withSpouse({ canadianWork }), 'core.canadianWork')).toBe(withPoints);
    expect(pointsOf(single({ canadianWork }), 'core.canadianWork')).toBe(withoutPoints);
  });
});

describe('B. spouse or common-law partner factors', () => {
  it.each<[CrsEducation, number]>([
    ['LESS_THAN_SECONDARY', 0],
    ['SECONDARY', 2],
    ['ONE_YEAR_POST_SECONDARY', 6],
    ['TWO_YEAR_POST_SECONDARY', 7],
    ['BACHELORS_OR_THREE_YEAR', 8],
    ['TWO_OR_MORE_CREDENTIALS', 9],
    ['MASTERS_OR_PROFESSIONAL', 10],
    ['DOCTORAL', 10],
  ])("partner's education %s: %i", (spouseEducation, expected) => {
    expect(pointsOf(withSpouse({ spouseEducation }), 'spouse.education')).toBe(expected);
  });

  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [6, 1],
    [7, 3],
    [8, 3],
    [9, 5],
    [10, 5],
  ])("partner's CLB %i: %i per ability", (level, perAbility) => {
    expect(pointsOf(withSpouse({ spouseLanguage: clb(level) }), 'spouse.language')).toBe(perAbility * 4);
  });

  it.each([
    [0, 0],
    [1, 5],
    [2, 7],
    [3, 8],
    [4, 9],
    [5, 10],
  ])("partner's Canadian work %i years: %i", (spouseCanadianWork, expected) => {
    expect(pointsOf(withSpouse({ spouseCanadianWork }), 'spouse.canadianWork')).toBe(expected);
  });

  it('counts only when the partner comes and is not a Canadian citizen or permanent resident', () => {
    const partner = { spouseEducation: 'DOCTORAL', spouseLanguage: clb(10), spouseCanadianWork: 5 } as const;
    const coming = withSpouse({ ...partner, age: 25 });
    expect(isWithSpouse(coming)).toBe(true);
    expect(crsSections(calculateCrs(coming)).find((section) => section.key === 'spouse')).toMatchObject({
      points: 40,
      max: 40,
    });
    expect(pointsOf(coming, 'core.age')).toBe(100);

    for (const other of [
      { partnerComing: false },
      { partnerIsCanadian: true, partnerComing: null },
      { maritalStatus: 'SINGLE' as const },
    ]) {
      const answers = withSpouse({ ...partner, age: 25, ...other });
      expect(isWithSpouse(answers)).toBe(false);
      const result = calculateCrs(answers);
      expect(result.breakdown.filter((line) => line.factor.startsWith('spouse.'))).toEqual([]);
      // The "without a spouse" tables.
      expect(pointsOf(answers, 'core.age')).toBe(110);
    }
  });
});

describe('C. skill transferability', () => {
  it.each<[CrsEducation, number, number]>([
    // education, CLB in all four, education + language
    ['SECONDARY', 9, 0],
    ['ONE_YEAR_POST_SECONDARY', 6, 0],
    ['ONE_YEAR_POST_SECONDARY', 7, 13],
    ['BACHELORS_OR_THREE_YEAR', 8, 13],
    ['BACHELORS_OR_THREE_YEAR', 9, 25],
    ['TWO_OR_MORE_CREDENTIALS', 7, 25],
    ['MASTERS_OR_PROFESSIONAL', 9, 50],
    ['DOCTORAL', 10, 50],
  ])('%s with CLB %i: education + language %i', (education, level, expected) => {
    expect(pointsOf(single({ education, firstLanguage: clb(level) }), 'transferability.educationLanguage')).toBe(
      expected,
    );
  });

  it('needs every first-language ability at the level (one under CLB 9 gives the lower column)', () => {
    const firstLanguage = { speaking: 10, listening: 10, reading: 10, writing: 8 };
    expect(pointsOf(single({ education: 'DOCTORAL', firstLanguage }), 'transferability.educationLanguage')).toBe(25);
  });

  it.each<[CrsEducation, number, number]>([
    ['SECONDARY', 3, 0],
    ['TWO_YEAR_POST_SECONDARY', 0, 0],
    ['TWO_YEAR_POST_SECONDARY', 1, 13],
    ['TWO_YEAR_POST_SECONDARY', 2, 25],
    ['MASTERS_OR_PROFESSIONAL', 1, 25],
    ['MASTERS_OR_PROFESSIONAL', 5, 50],
  ])('%s with %i years in Canada: education + Canadian work %i', (education, canadianWork, expected) => {
    expect(pointsOf(single({ education, canadianWork }), 'transferability.educationCanadianWork')).toBe(expected);
  });

  it.each([
    // foreign years, CLB, Canadian years, foreign + language, foreign + Canadian
    [0, 9, 2, 0, 0],
    [1, 7, 0, 13, 0],
    [2, 9, 0, 25, 0],
    [3, 8, 0, 25, 0],
    [3, 9, 0, 50, 0],
    [1, 0, 1, 0, 13],
    [2, 0, 2, 0, 25],
    [3, 0, 1, 0, 25],
    [3, 0, 2, 0, 50],
  ])(
    '%i foreign years, CLB %i, %i Canadian years: %i and %i',
    (foreignWork, level, canadianWork, withLanguage, withCanadian) => {
      const answers = single({ foreignWork, firstLanguage: clb(level), canadianWork });
      expect(pointsOf(answers, 'transferability.foreignWorkLanguage')).toBe(withLanguage);
      expect(pointsOf(answers, 'transferability.foreignWorkCanadianWork')).toBe(withCanadian);
    },
  );

  it.each([
    [4, 0],
    [5, 25],
    [6, 25],
    [7, 50],
    [10, 50],
  ])('a certificate of qualification with CLB %i in all four: %i', (level, expected) => {
    expect(
      pointsOf(single({ tradeCertificate: true, firstLanguage: clb(level) }), 'transferability.certificateLanguage'),
    ).toBe(expected);
    expect(pointsOf(single({ firstLanguage: clb(level) }), 'transferability.certificateLanguage')).toBe(0);
  });

  it('counts each group at most 50 and the section at most 100', () => {
    // Master's + CLB 9 (50) + 2 years in Canada (50) = 100 earned, 50 counted; 3 foreign years + CLB 9 (50) +
    // 2 Canadian years (50) = 100 earned, 50 counted; certificate + CLB 9 (50) left out by the section's 100.
    const answers = single({
      education: 'MASTERS_OR_PROFESSIONAL',
      firstLanguage: clb(9),
      canadianWork: 2,
      foreignWork: 3,
      tradeCertificate: true,
    });
    const section = crsSections(calculateCrs(answers)).find((candidate) => candidate.key === 'transferability')!;
    expect(section.points).toBe(100);
    expect(section.max).toBe(100);
    expect(section.lines.map((line) => [line.factor, line.points])).toEqual([
      ['transferability.educationLanguage', 50],
      ['transferability.educationCanadianWork', 0],
      ['transferability.foreignWorkLanguage', 50],
      ['transferability.foreignWorkCanadianWork', 0],
      ['transferability.certificateLanguage', 0],
    ]);
    expect(section.lines[1]!.detail).toContain('50 earned, 0 counted');
    expect(section.lines[4]!.detail).toContain('skill transferability counts at most 100');
  });

  it('caps a group that earns 13 + 25 = 38 not at all, and 25 + 25 = 50 exactly', () => {
    const under = single({ education: 'BACHELORS_OR_THREE_YEAR', firstLanguage: clb(9), canadianWork: 1 });
    expect(
      pointsOf(under, 'transferability.educationLanguage') + pointsOf(under, 'transferability.educationCanadianWork'),
    ).toBe(38);
    const exact = single({ education: 'BACHELORS_OR_THREE_YEAR', firstLanguage: clb(9), canadianWork: 2 });
    expect(
      pointsOf(exact, 'transferability.educationLanguage') + pointsOf(exact, 'transferability.educationCanadianWork'),
    ).toBe(50);
  });
});

describe('D. additional points', () => {
  it.each([
    [{ provincialNomination: true }, 'additional.provincialNomination', 600],
    [{ siblingInCanada: true }, 'additional.sibling', 15],
    [{ canadianStudy: 'ONE_OR_TWO_YEARS' as const }, 'additional.canadianStudy', 15],
    [{ canadianStudy: 'THREE_YEARS_OR_MORE' as const }, 'additional.canadianStudy', 30],
    [{ frenchAbility: 'NCLC_7_ENGLISH_CLB_4_OR_LESS' as const }, 'additional.french', 25],
    [{ frenchAbility: 'NCLC_7_ENGLISH_CLB_5_OR_MORE' as const }, 'additional.french', 50],
  ])('%o: %s %i', (answers, factor, expected) => {
    expect(pointsOf(single(answers), factor)).toBe(expected);
  });

  it('counts at most 600', () => {
    // 600 + 50 + 30 + 15 = 695 earned, 600 counted.
    const answers = single({
      provincialNomination: true,
      frenchAbility: 'NCLC_7_ENGLISH_CLB_5_OR_MORE',
      canadianStudy: 'THREE_YEARS_OR_MORE',
      siblingInCanada: true,
    });
    const section = crsSections(calculateCrs(answers)).find((candidate) => candidate.key === 'additional')!;
    expect(section).toMatchObject({ points: 600, max: 600 });
    expect(calculateCrs(answers).total).toBe(600);
    // 50 + 30 + 15 = 95 without the nomination.
    expect(calculateCrs(single({ ...answers, provincialNomination: false })).total).toBe(95);
  });
});

describe('whole profiles, worked out by hand from the tables', () => {
  it('a single 29-year-old with a bachelor’s degree, CLB 9, 1 year in Canada and 3 abroad: 482', () => {
    // A: age 29 without a spouse 110 + bachelor's 120 + CLB 9 × 4 = 31 × 4 = 124 + second language 0
    //    + 1 year in Canada 40 = 394.
    // C: education (one year or longer) + CLB 9 in all = 25; education + 1 Canadian year = 13 → 38;
    //    3 foreign years + CLB 9 = 50, + 1 Canadian year = 25 → 75, capped at 50; no certificate → 38 + 50 = 88.
    // D: 0. Total 394 + 88 = 482.
    const answers = single({
      age: 29,
      education: 'BACHELORS_OR_THREE_YEAR',
      firstLanguage: clb(9),
      canadianWork: 1,
      foreignWork: 3,
    });
    const result = calculateCrs(answers);
    expect(result.total).toBe(482);
    expect(crsSections(result).map((section) => [section.key, section.points, section.max])).toEqual([
      ['core', 394, 500],
      ['spouse', 0, 0],
      ['transferability', 88, 100],
      ['additional', 0, 600],
    ]);
    // Suggestions, re-scored: nomination +600; French NCLC 7 (+50 bonus, second language 3 × 4 = +12) +62;
    // a second Canadian year: 40 → 53 (+13) and education + Canadian work 13 → 25 (+12) = +25; two or more
    // credentials: 120 → 128 (+8) and education group 38 → 50 (+12) = +20; a Canadian 1–2 year credential +15;
    // CLB 10: (34 − 31) × 4 = +12; a certificate: 50 but the section goes 88 → 100, +12.
    expect(result.suggestions.map((suggestion) => [suggestion.factor, suggestion.gain])).toEqual([
      ['additional.provincialNomination', 600],
      ['additional.french', 62],
      ['core.canadianWork', 25],
      ['core.education', 20],
      ['additional.canadianStudy', 15],
      ['core.firstLanguage', 12],
      ['transferability.certificateLanguage', 12],
    ]);
    expect(result.suggestions[2]!.text).toBe('One more year of Canadian work experience adds 25 points');
    expect(result.suggestions[0]!.text).toBe('A provincial or territorial nomination adds 600 points');
  });

  it('a married 33-year-old with a master’s degree, a partner who comes, and a sibling in Canada: 380', () => {
    // A (with a spouse): age 33 → 80; master's → 126; speaking CLB 8 (22) + listening 9 (29) + reading 8 (22)
    //    + writing 7 (16) = 89; no second language; no Canadian work → 80 + 126 + 89 = 295.
    // B: partner's bachelor's 8 + CLB 7 × 4 = 3 × 4 = 12 + no Canadian work 0 = 20.
    // C: master's + CLB 7 in all (one under 9) = 25, + no Canadian work 0 → 25; 3 foreign years + CLB 7 = 25,
    //    + no Canadian work 0 → 25; no certificate → 50.
    // D: sibling 15. Total 295 + 20 + 50 + 15 = 380.
    const answers = withSpouse({
      age: 33,
      education: 'MASTERS_OR_PROFESSIONAL',
      firstLanguage: { speaking: 8, listening: 9, reading: 8, writing: 7 },
      foreignWork: 3,
      spouseEducation: 'BACHELORS_OR_THREE_YEAR',
      spouseLanguage: clb(7),
      spouseCanadianWork: 0,
      siblingInCanada: true,
    });
    const result = calculateCrs(answers);
    expect(result.total).toBe(380);
    expect(crsSections(result).map((section) => [section.key, section.points, section.max])).toEqual([
      ['core', 295, 460],
      ['spouse', 20, 40],
      ['transferability', 50, 100],
      ['additional', 15, 600],
    ]);
    // CLB 9 in all four: 8→9 twice (+7 each), 7→9 (+13) = +27, education + language 25 → 50 (+25),
    // foreign work + language 25 → 50 (+25) = +77.
    expect(result.suggestions.find((suggestion) => suggestion.text.startsWith('CLB 9'))?.gain).toBe(77);
    // The partner at CLB 9: (5 − 3) × 4 = +8.
    expect(result.suggestions.find((suggestion) => suggestion.factor === 'spouse.language')?.gain).toBe(8);
  });

  it('a 40-year-old whose common-law partner is Canadian, with French and a Canadian diploma: 555', () => {
    // Scored without a spouse (the partner is a permanent resident).
    // A: age 40 → 50; two or more credentials → 128; CLB 10 × 4 = 34 × 4 = 136; French NCLC 7 × 4 = 3 × 4 = 12;
    //    3 years in Canada → 64. 50 + 128 + 136 + 12 + 64 = 390.
    // C: education + CLB 10 = 50, education + 3 Canadian years = 50 → 100, counted 50; 2 foreign years + CLB 10
    //    = 25, + 3 Canadian years = 25 → 50; certificate + CLB 10 = 50 → 150, counted 100.
    // D: NCLC 7 in French with CLB 5+ in English 50 + 1–2 year Canadian diploma 15 = 65.
    // Total 390 + 100 + 65 = 555.
    const answers = single({
      maritalStatus: 'COMMON_LAW',
      partnerIsCanadian: true,
      age: 40,
      education: 'TWO_OR_MORE_CREDENTIALS',
      firstLanguage: clb(10),
      secondLanguage: clb(7),
      canadianWork: 3,
      foreignWork: 2,
      tradeCertificate: true,
      canadianStudy: 'ONE_OR_TWO_YEARS',
      frenchAbility: 'NCLC_7_ENGLISH_CLB_5_OR_MORE',
    });
    const result = calculateCrs(answers);
    expect(result.total).toBe(555);
    expect(crsSections(result).map((section) => section.points)).toEqual([390, 0, 100, 65]);
  });

  it('the best profile scores 1,200', () => {
    // 110 + 150 + 136 + 24 + 80 = 500; skill transferability 100; additional 600.
    const answers = single({
      age: 25,
      education: 'DOCTORAL',
      firstLanguage: clb(10),
      secondLanguage: clb(10),
      canadianWork: 5,
      foreignWork: 3,
      tradeCertificate: true,
      provincialNomination: true,
      canadianStudy: 'THREE_YEARS_OR_MORE',
      siblingInCanada: true,
      frenchAbility: 'NCLC_7_ENGLISH_CLB_5_OR_MORE',
    });
    const result = calculateCrs(answers);
    expect(result.total).toBe(CRS_MAX_TOTAL);
    expect(result.suggestions).toEqual([]);
  });

  it('the lines always add up to the total', () => {
    for (const answers of [
      single(),
      withSpouse({ age: 31, education: 'DOCTORAL', firstLanguage: clb(9), canadianWork: 5, foreignWork: 3 }),
      single({ provincialNomination: true, siblingInCanada: true, tradeCertificate: true, firstLanguage: clb(8) }),
    ]) {
      const result = calculateCrs(answers);
      expect(result.breakdown.reduce((sum, line) => sum + line.points, 0)).toBe(result.total);
      for (const line of result.breakdown) expect(line.points).toBeLessThanOrEqual(line.max!);
    }
  });
});

describe('suggestions', () => {
  it('lists only changes that add points, the largest first', () => {
    const result = calculateCrs(withSpouse({ age: 30, education: 'SECONDARY', firstLanguage: clb(5) }));
    expect(result.suggestions.length).toBeGreaterThan(3);
    for (const suggestion of result.suggestions) {
      expect(suggestion.gain).toBeGreaterThan(0);
      expect(suggestion.text).toMatch(/adds \d+ points?$/);
    }
    const gains = result.suggestions.map((suggestion) => suggestion.gain);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
    // Nothing about age, which cannot be changed.
    expect(result.suggestions.some((suggestion) => suggestion.factor === 'core.age')).toBe(false);
  });
});

describe('crsInput', () => {
  const valid = CANADIAN_PROFILE;
  const messages = (input: unknown) => {
    const parsed = crsInput.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('accepts a complete profile and fills optional answers with null', () => {
    expect(crsInput.parse(valid)).toMatchObject({
      secondLanguage: null,
      spouseEducation: null,
      partnerComing: null,
    });
  });

  it('says what is missing or wrong in the project’s words', () => {
    const { age: _age, ...noAge } = valid;
    expect(messages(noAge)).toEqual(['age: Age is required']);
    expect(messages({ ...valid, age: 30.5 })).toEqual(['age: Age must be in whole years']);
    expect(messages({ ...valid, age: 15 })).toEqual(['age: Age must be 16 or more']);
    expect(messages({ ...valid, maritalStatus: 'ENGAGED' })).toEqual(['maritalStatus: Marital status is required']);
    expect(messages({ ...valid, education: undefined })).toEqual(['education: Level of education is required']);
    expect(messages({ ...valid, firstLanguage: { ...clb(7), writing: 13 } })).toEqual([
      'firstLanguage.writing: First official language: writing must be a CLB level from 0 to 12',
    ]);
    expect(messages({ ...valid, canadianWork: 6 })).toEqual([
      'canadianWork: Canadian work experience must be a whole number of years from 0 to 5',
    ]);
    expect(messages({ ...valid, foreignWork: 4 })).toEqual([
      'foreignWork: Foreign work experience must be a whole number of years from 0 to 3',
    ]);
    expect(messages({ ...valid, tradeCertificate: undefined })).toEqual([
      'tradeCertificate: Certificate of qualification is required',
    ]);
  });

  it("asks about the partner when married or common-law, and the partner's profile when the partner comes", () => {
    expect(messages({ ...valid, maritalStatus: 'MARRIED' })).toEqual([
      'partnerIsCanadian: Whether your partner is a Canadian citizen or permanent resident is required',
    ]);
    expect(messages({ ...valid, maritalStatus: 'COMMON_LAW', partnerIsCanadian: false })).toEqual([
      'partnerComing: Whether your partner comes with you is required',
    ]);
    expect(messages({ ...valid, maritalStatus: 'MARRIED', partnerIsCanadian: false, partnerComing: true })).toEqual([
      "spouseEducation: Partner's level of education is required",
      "spouseCanadianWork: Partner's Canadian work experience is required",
    ]);
  });

  it("drops the partner's answers when they do not count", () => {
    const partner = { spouseEducation: 'DOCTORAL', spouseLanguage: clb(9), spouseCanadianWork: 3 } as const;
    expect(crsInput.parse({ ...valid, ...partner })).toMatchObject({
      partnerIsCanadian: null,
      spouseEducation: null,
      spouseLanguage: null,
      spouseCanadianWork: null,
    });
    expect(
      crsInput.parse({
        ...valid,
        ...partner,
        maritalStatus: 'MARRIED',
        partnerIsCanadian: false,
        partnerComing: false,
      }),
    ).toMatchObject({ partnerComing: false, spouseEducation: null });
  });
});

describe('describeCrsAnswers', () => {
  it('words every question and answer, the partner only when the partner counts', () => {
    const answers = withSpouse({
      age: 33,
      education: 'MASTERS_OR_PROFESSIONAL',
      firstLanguage: { speaking: 8, listening: 9, reading: 8, writing: 7 },
      foreignWork: 3,
      spouseEducation: 'BACHELORS_OR_THREE_YEAR',
      spouseLanguage: clb(7),
      siblingInCanada: true,
    });
    const lines = new Map(describeCrsAnswers(answers));
    expect(lines.get('Marital status')).toBe('Married');
    expect(lines.get('Will your spouse or common-law partner come with you to Canada?')).toBe('Yes');
    expect(lines.get('Scored as')).toBe('With a spouse or common-law partner');
    expect(lines.get('Age')).toBe('33 years');
    expect(lines.get('First official language (English or French)')).toBe(
      'Speaking CLB 8, Listening CLB 9, Reading CLB 8, Writing CLB 7',
    );
    expect(lines.get('Second official language')).toBe('No test');
    expect(lines.get('Foreign work experience')).toBe('3 years or more');
    expect(lines.get("Partner's level of education")).toBe("Bachelor's degree or a program of three or more years");
    expect(lines.get('Brother or sister living in Canada (citizen or permanent resident)')).toBe('Yes');

    const alone = new Map(describeCrsAnswers(single({ age: 20 })));
    expect(alone.has("Partner's level of education")).toBe(false);
    expect(alone.has('Will your spouse or common-law partner come with you to Canada?')).toBe(false);
    expect(alone.get('Scored as')).toBe('Without a spouse or common-law partner');
  });
});
