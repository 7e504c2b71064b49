import { z } from 'zod';
import type { AnswerLine, EligibilityResult, RulesInfo, ScoreLine, ScoreSuggestion } from './result.js';

/**
 * Canada's Comprehensive Ranking System (Express Entry), issue 21: the answers a visitor gives, the score out of
 * 1,200 with its breakdown, and what would raise it. Pure functions: the checker page runs them in the browser, the
 * server runs them again for a lead and for GraphQL callers.
 *
 * Every table below is IRCC's "Comprehensive Ranking System (CRS) criteria – Express Entry" page
 * (CRS_RULES.source) as it stands after the change of 25 March 2025, which removed the points for arranged
 * employment (a job offer gave 50 or 200 points before that date and gives none now). A job offer can still make a
 * candidate eligible for a program, but it no longer changes the score, so the checker does not ask about it.
 */
export const CRS_RULES: RulesInfo = {
  name: 'Comprehensive Ranking System (Express Entry)',
  publisher: 'Immigration, Refugees and Citizenship Canada (IRCC)',
  // The rules in force since 25 March 2025 (no points for arranged employment).
  publishedOn: '2025-03-25',
  checkedOn: '2026-11-25',
  source:
    'https://www.canada.ca/en/immigration-refugees-citizenship/services/immigrate-canada/express-entry/check-score/crs-criteria.html',
};

/** The most a profile can score. */
export const CRS_MAX_TOTAL = 1200;

// ---------------------------------------------------------------------------------------------------------------
// Answers: enumerations and the words visitors, mails and the staff inbox read for them
// ---------------------------------------------------------------------------------------------------------------

export const CRS_MARITAL_STATUSES = [
  'SINGLE',
  'MARRIED',
  'COMMON_LAW',
  'SEPARATED_OR_DIVORCED',
  'ANNULLED',
  'WIDOWED',
] as const;
export type CrsMaritalStatus = (typeof CRS_MARITAL_STATUSES)[number];
export const CRS_MARITAL_STATUS_LABELS = {
  SINGLE: 'Never married or single',
  MARRIED: 'Married',
  COMMON_LAW: 'Common-law',
  SEPARATED_OR_DIVORCED: 'Separated or divorced',
  ANNULLED: 'Annulled marriage',
  WIDOWED: 'Widowed',
} as const satisfies Record<CrsMaritalStatus, string>;

/** The levels of education the CRS tables name, lowest first. */
export const CRS_EDUCATION_LEVELS = [
  'LESS_THAN_SECONDARY',
  'SECONDARY',
  'ONE_YEAR_POST_SECONDARY',
  'TWO_YEAR_POST_SECONDARY',
  'BACHELORS_OR_THREE_YEAR',
  'TWO_OR_MORE_CREDENTIALS',
  'MASTERS_OR_PROFESSIONAL',
  'DOCTORAL',
] as const;
export type CrsEducation = (typeof CRS_EDUCATION_LEVELS)[number];
export const CRS_EDUCATION_LABELS = {
  LESS_THAN_SECONDARY: 'Less than secondary school (high school)',
  SECONDARY: 'Secondary diploma (high school graduation)',
  ONE_YEAR_POST_SECONDARY: 'One-year degree, diploma or certificate',
  TWO_YEAR_POST_SECONDARY: 'Two-year program',
  BACHELORS_OR_THREE_YEAR: "Bachelor's degree or a program of three or more years",
  TWO_OR_MORE_CREDENTIALS: 'Two or more certificates, diplomas or degrees, one of three or more years',
  MASTERS_OR_PROFESSIONAL: "Master's degree, or a professional degree needed to practise a licensed profession",
  DOCTORAL: 'Doctoral degree (PhD)',
} as const satisfies Record<CrsEducation, string>;
/** "Completing …" for a suggestion to reach the level. */
const EDUCATION_GOALS = {
  LESS_THAN_SECONDARY: 'school',
  SECONDARY: 'a secondary diploma',
  ONE_YEAR_POST_SECONDARY: 'a one-year post-secondary credential',
  TWO_YEAR_POST_SECONDARY: 'a two-year post-secondary program',
  BACHELORS_OR_THREE_YEAR: "a bachelor's degree or a program of three or more years",
  TWO_OR_MORE_CREDENTIALS: 'a second post-secondary credential (one of three or more years)',
  MASTERS_OR_PROFESSIONAL: "a master's or professional degree",
  DOCTORAL: 'a doctoral degree',
} as const satisfies Record<CrsEducation, string>;

export const LANGUAGE_ABILITIES = ['speaking', 'listening', 'reading', 'writing'] as const;
export type LanguageAbility = (typeof LANGUAGE_ABILITIES)[number];
export const LANGUAGE_ABILITY_LABELS = {
  speaking: 'Speaking',
  listening: 'Listening',
  reading: 'Reading',
  writing: 'Writing',
} as const satisfies Record<LanguageAbility, string>;
/** Canadian Language Benchmark (CLB, or NCLC for French) per ability, 0–12; 0 means no test result. */
export type ClbScores = Record<LanguageAbility, number>;

/** The CLB levels the tables tell apart, as a select offers them (0 stands for below CLB 4 or no test result). */
export const CLB_CHOICES: readonly { value: number; label: string }[] = [
  { value: 0, label: 'Below CLB 4' },
  { value: 4, label: 'CLB 4' },
  { value: 5, label: 'CLB 5' },
  { value: 6, label: 'CLB 6' },
  { value: 7, label: 'CLB 7' },
  { value: 8, label: 'CLB 8' },
  { value: 9, label: 'CLB 9' },
  { value: 10, label: 'CLB 10 or more' },
];

/** One CLB level in words. */
export function clbLabel(level: number): string {
  if (level <= 0) return 'below CLB 4 or no test';
  if (level < 4) return `CLB ${level} (below CLB 4)`;
  return `CLB ${level}`;
}

/** Years of Canadian work experience (skilled work in Canada, last 10 years); 5 means five or more. */
export const CANADIAN_WORK_LABELS = [
  'None or less than a year',
  '1 year',
  '2 years',
  '3 years',
  '4 years',
  '5 years or more',
] as const;
/** Years of foreign work experience (skilled work outside Canada, last 10 years); 3 means three or more. */
export const FOREIGN_WORK_LABELS = ['None or less than a year', '1 year', '2 years', '3 years or more'] as const;

export const CANADIAN_STUDY_LEVELS = ['NONE', 'ONE_OR_TWO_YEARS', 'THREE_YEARS_OR_MORE'] as const;
export type CanadianStudy = (typeof CANADIAN_STUDY_LEVELS)[number];
export const CANADIAN_STUDY_LABELS = {
  NONE: 'None',
  ONE_OR_TWO_YEARS: 'A one- or two-year diploma or certificate',
  THREE_YEARS_OR_MORE: "A credential of three years or more, or a master's, professional or doctoral degree",
} as const satisfies Record<CanadianStudy, string>;

export const FRENCH_ABILITIES = ['NONE', 'NCLC_7_ENGLISH_CLB_4_OR_LESS', 'NCLC_7_ENGLISH_CLB_5_OR_MORE'] as const;
export type FrenchAbility = (typeof FRENCH_ABILITIES)[number];
export const FRENCH_ABILITY_LABELS = {
  NONE: 'No, or below NCLC 7 in some French ability',
  NCLC_7_ENGLISH_CLB_4_OR_LESS:
    'NCLC 7 or more in all four French abilities, and CLB 4 or less in English (or no test)',
  NCLC_7_ENGLISH_CLB_5_OR_MORE: 'NCLC 7 or more in all four French abilities, and CLB 5 or more in all four in English',
} as const satisfies Record<FrenchAbility, string>;

/** The questions as the checker, the lead's mail and the staff inbox word them. */
export const CRS_QUESTIONS = {
  maritalStatus: 'Marital status',
  partnerIsCanadian: 'Is your spouse or common-law partner a Canadian citizen or permanent resident?',
  partnerComing: 'Will your spouse or common-law partner come with you to Canada?',
  age: 'Age',
  education: 'Level of education',
  firstLanguage: 'First official language (English or French)',
  secondLanguage: 'Second official language',
  canadianWork: 'Canadian work experience',
  foreignWork: 'Foreign work experience',
  tradeCertificate: 'Certificate of qualification in a trade from a Canadian province or territory',
  spouseEducation: "Partner's level of education",
  spouseLanguage: "Partner's first official language",
  spouseCanadianWork: "Partner's Canadian work experience",
  provincialNomination: 'Provincial or territorial nomination',
  canadianStudy: 'Post-secondary education in Canada',
  siblingInCanada: 'Brother or sister living in Canada (citizen or permanent resident)',
  frenchAbility: 'French-language skills',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The answers' schema
// ---------------------------------------------------------------------------------------------------------------

const PARTNERED: readonly CrsMaritalStatus[] = ['MARRIED', 'COMMON_LAW'];

function clbScores(label: string) {
  const level = (ability: LanguageAbility) => {
    const message = `${label}: ${LANGUAGE_ABILITY_LABELS[ability].toLowerCase()} is required`;
    const invalid = `${label}: ${LANGUAGE_ABILITY_LABELS[ability].toLowerCase()} must be a CLB level from 0 to 12`;
    return z.number({ error: message }).int(invalid).min(0, invalid).max(12, invalid);
  };
  return z.object(
    {
      speaking: level('speaking'),
      listening: level('listening'),
      reading: level('reading'),
      writing: level('writing'),
    },
    { error: `${label} is required` },
  );
}

function years(label: string, max: number) {
  const invalid = `${label} must be a whole number of years from 0 to ${max}`;
  return z
    .number({ error: `${label} is required` })
    .int(invalid)
    .min(0, invalid)
    .max(max, invalid);
}

function yesNo(label: string) {
  return z.boolean({ error: `${label} is required` });
}

/** An answer that only some profiles give: missing is `null`. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? null);
}

const crsAnswers = z.object({
  maritalStatus: z.enum(CRS_MARITAL_STATUSES, { error: 'Marital status is required' }),
  partnerIsCanadian: optional(z.boolean()),
  partnerComing: optional(z.boolean()),
  age: z
    .number({ error: 'Age is required' })
    .int('Age must be in whole years')
    .min(16, 'Age must be 16 or more')
    .max(100, 'Age must be 100 or less'),
  education: z.enum(CRS_EDUCATION_LEVELS, { error: 'Level of education is required' }),
  firstLanguage: clbScores('First official language'),
  secondLanguage: optional(clbScores('Second official language')),
  canadianWork: years('Canadian work experience', 5),
  foreignWork: years('Foreign work experience', 3),
  tradeCertificate: yesNo('Certificate of qualification'),
  spouseEducation: optional(z.enum(CRS_EDUCATION_LEVELS)),
  spouseLanguage: optional(clbScores("Partner's first official language")),
  spouseCanadianWork: optional(years("Partner's Canadian work experience", 5)),
  provincialNomination: yesNo('Provincial or territorial nomination'),
  canadianStudy: z.enum(CANADIAN_STUDY_LEVELS, { error: 'Post-secondary education in Canada is required' }),
  siblingInCanada: yesNo('Brother or sister in Canada'),
  frenchAbility: z.enum(FRENCH_ABILITIES, { error: 'French-language skills is required' }),
});

/** Parsed answers: what `calculateCrs` and `describeCrsAnswers` take. */
export type CrsAnswers = z.output<typeof crsAnswers>;

/**
 * A visitor's answers. The partner's answers count only when the partner is coming to Canada and is not a Canadian
 * citizen or permanent resident (the "with a spouse" tables); otherwise they are dropped.
 */
export const crsInput = crsAnswers
  .superRefine((answers, ctx) => {
    if (!PARTNERED.includes(answers.maritalStatus)) return;
    if (answers.partnerIsCanadian === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['partnerIsCanadian'],
        message: 'Whether your partner is a Canadian citizen or permanent resident is required',
      });
      return;
    }
    if (answers.partnerIsCanadian) return;
    if (answers.partnerComing === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['partnerComing'],
        message: 'Whether your partner comes with you is required',
      });
      return;
    }
    if (!answers.partnerComing) return;
    if (answers.spouseEducation === null) {
      ctx.addIssue({ code: 'custom', path: ['spouseEducation'], message: "Partner's level of education is required" });
    }
    if (answers.spouseCanadianWork === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['spouseCanadianWork'],
        message: "Partner's Canadian work experience is required",
      });
    }
  })
  .transform((answers): CrsAnswers => (isWithSpouse(answers) ? answers : withoutPartnerAnswers(answers)));

/** Answers as a form or an API caller sends them (optional answers may be left out). */
export type CrsAnswersInput = z.input<typeof crsInput>;

/** Whether the "with a spouse or common-law partner" tables apply (and section B counts). */
export function isWithSpouse(
  answers: Pick<CrsAnswers, 'maritalStatus' | 'partnerIsCanadian' | 'partnerComing'>,
): boolean {
  return (
    PARTNERED.includes(answers.maritalStatus) && answers.partnerIsCanadian === false && answers.partnerComing === true
  );
}

function withoutPartnerAnswers(answers: CrsAnswers): CrsAnswers {
  const partnered = PARTNERED.includes(answers.maritalStatus);
  return {
    ...answers,
    partnerIsCanadian: partnered ? answers.partnerIsCanadian : null,
    partnerComing: partnered && answers.partnerIsCanadian === false ? answers.partnerComing : null,
    spouseEducation: null,
    spouseLanguage: null,
    spouseCanadianWork: null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The tables. Source: CRS_RULES.source, rules in force since 2025-03-25. [with a spouse, without a spouse]
// ---------------------------------------------------------------------------------------------------------------

type Pair = readonly [withSpouse: number, withoutSpouse: number];

/** A. Age (max 100 / 110). 17 or less and 45 or more score 0; 20 to 29 score the most. IRCC, 2025-03-25. */
const AGE_POINTS: Readonly<Record<number, Pair>> = {
  18: [90, 99],
  19: [95, 105],
  20: [100, 110],
  21: [100, 110],
  22: [100, 110],
  23: [100, 110],
  24: [100, 110],
  25: [100, 110],
  26: [100, 110],
  27: [100, 110],
  28: [100, 110],
  29: [100, 110],
  30: [95, 105],
  31: [90, 99],
  32: [85, 94],
  33: [80, 88],
  34: [75, 83],
  35: [70, 77],
  36: [65, 72],
  37: [60, 66],
  38: [55, 61],
  39: [50, 55],
  40: [45, 50],
  41: [35, 39],
  42: [25, 28],
  43: [15, 17],
  44: [5, 6],
};

/** A. Level of education (max 140 / 150). IRCC, 2025-03-25. */
const EDUCATION_POINTS: Readonly<Record<CrsEducation, Pair>> = {
  LESS_THAN_SECONDARY: [0, 0],
  SECONDARY: [28, 30],
  ONE_YEAR_POST_SECONDARY: [84, 90],
  TWO_YEAR_POST_SECONDARY: [91, 98],
  BACHELORS_OR_THREE_YEAR: [112, 120],
  TWO_OR_MORE_CREDENTIALS: [119, 128],
  MASTERS_OR_PROFESSIONAL: [126, 135],
  DOCTORAL: [140, 150],
};

/**
 * A. First official language, per ability (max 32 / 34 each, 128 / 136 for the four). Less than CLB 4: 0;
 * CLB 4 or 5: 6; CLB 6: 8 / 9; CLB 7: 16 / 17; CLB 8: 22 / 23; CLB 9: 29 / 31; CLB 10 or more: 32 / 34.
 * IRCC, 2025-03-25.
 */
function firstLanguageAbilityPoints(level: number): Pair {
  if (level >= 10) return [32, 34];
  if (level === 9) return [29, 31];
  if (level === 8) return [22, 23];
  if (level === 7) return [16, 17];
  if (level === 6) return [8, 9];
  if (level >= 4) return [6, 6];
  return [0, 0];
}

/**
 * A. Second official language, per ability, the same with or without a spouse: CLB 4 or less: 0; CLB 5 or 6: 1;
 * CLB 7 or 8: 3; CLB 9 or more: 6. The four together count at most 22 with a spouse, 24 without. IRCC, 2025-03-25.
 */
function secondLanguageAbilityPoints(level: number): number {
  if (level >= 9) return 6;
  if (level >= 7) return 3;
  if (level >= 5) return 1;
  return 0;
}
const SECOND_LANGUAGE_MAX: Pair = [22, 24];

/** A. Canadian work experience by years, 0 to 5 or more (max 70 / 80). IRCC, 2025-03-25. */
const CANADIAN_WORK_POINTS: readonly Pair[] = [
  [0, 0],
  [35, 40],
  [46, 53],
  [56, 64],
  [63, 72],
  [70, 80],
];

/** B. Spouse or common-law partner's level of education (max 10). IRCC, 2025-03-25. */
const SPOUSE_EDUCATION_POINTS: Readonly<Record<CrsEducation, number>> = {
  LESS_THAN_SECONDARY: 0,
  SECONDARY: 2,
  ONE_YEAR_POST_SECONDARY: 6,
  TWO_YEAR_POST_SECONDARY: 7,
  BACHELORS_OR_THREE_YEAR: 8,
  TWO_OR_MORE_CREDENTIALS: 9,
  MASTERS_OR_PROFESSIONAL: 10,
  DOCTORAL: 10,
};

/**
 * B. Partner's first official language, per ability (max 5 each, 20 for the four): CLB 4 or less: 0; CLB 5 or 6:
 * 1; CLB 7 or 8: 3; CLB 9 or more: 5. IRCC, 2025-03-25.
 */
function spouseLanguageAbilityPoints(level: number): number {
  if (level >= 9) return 5;
  if (level >= 7) return 3;
  if (level >= 5) return 1;
  return 0;
}

/** B. Partner's Canadian work experience by years, 0 to 5 or more (max 10). IRCC, 2025-03-25. */
const SPOUSE_CANADIAN_WORK_POINTS: readonly number[] = [0, 5, 7, 8, 9, 10];

/**
 * C. Skill transferability (max 100), IRCC, 2025-03-25. Each combination crosses two tiers:
 * - education: secondary or less (0), a post-secondary credential of one year or longer (1), two or more
 *   credentials one of three years or longer, or a master's, professional or doctoral degree (2);
 * - first official language: CLB 7 or more in all four with one under CLB 9 (1), CLB 9 or more in all four (2);
 * - Canadian work experience: 1 year (1), 2 years or more (2);
 * - foreign work experience: 1 or 2 years (1), 3 years or more (2).
 * Points by [first tier][second tier]: tier 1 gives 13 then 25, tier 2 gives 25 then 50.
 * Education + language and education + Canadian work together count at most 50; so do foreign work + language
 * and foreign work + Canadian work. A certificate of qualification gives 25 with CLB 5 or more in all four (one
 * under CLB 7) and 50 with CLB 7 or more in all four (max 50).
 */
const TRANSFERABILITY_POINTS: readonly (readonly number[])[] = [
  [0, 0, 0],
  [0, 13, 25],
  [0, 25, 50],
];
const TRANSFERABILITY_GROUP_MAX = 50;
const TRANSFERABILITY_MAX = 100;

/**
 * D. Additional points (max 600), IRCC, 2025-03-25: a provincial or territorial nomination 600; NCLC 7 or more in
 * all four French abilities with CLB 4 or less in English (or no English test) 25, with CLB 5 or more in all four
 * English abilities 50; post-secondary education in Canada of one or two years 15, of three years or more 30; a
 * brother or sister living in Canada who is a citizen or permanent resident 15. Arranged employment (a job offer)
 * gave 50 or 200 points until 25 March 2025 and gives none since.
 */
const NOMINATION_POINTS = 600;
const FRENCH_POINTS: Readonly<Record<FrenchAbility, number>> = {
  NONE: 0,
  NCLC_7_ENGLISH_CLB_4_OR_LESS: 25,
  NCLC_7_ENGLISH_CLB_5_OR_MORE: 50,
};
const CANADIAN_STUDY_POINTS: Readonly<Record<CanadianStudy, number>> = {
  NONE: 0,
  ONE_OR_TWO_YEARS: 15,
  THREE_YEARS_OR_MORE: 30,
};
const SIBLING_POINTS = 15;
const ADDITIONAL_MAX = 600;

// ---------------------------------------------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------------------------------------------

export const CRS_SECTIONS = [
  { key: 'core', label: 'A. Core / human capital factors' },
  { key: 'spouse', label: 'B. Spouse or common-law partner factors' },
  { key: 'transferability', label: 'C. Skill transferability factors' },
  { key: 'additional', label: 'D. Additional points' },
] as const;
export type CrsSectionKey = (typeof CRS_SECTIONS)[number]['key'];

/** A section's own cap where it is less than the sum of its factors' maxima. */
const SECTION_CAPS: Partial<Record<CrsSectionKey, number>> = {
  transferability: TRANSFERABILITY_MAX,
  additional: ADDITIONAL_MAX,
};

export interface CrsSection {
  key: CrsSectionKey;
  label: string;
  points: number;
  max: number;
  lines: ScoreLine[];
}

/** Which section a breakdown line belongs to: its factor key starts with the section's (`core.age`). */
export function crsSectionOf(factor: string): CrsSectionKey {
  return factor.slice(0, factor.indexOf('.')) as CrsSectionKey;
}

/**
 * The breakdown grouped in the four sections, with each section's points and maximum. Section B is empty (max 0)
 * when the profile is scored without a spouse.
 */
export function crsSections(result: Pick<EligibilityResult, 'breakdown'>): CrsSection[] {
  return CRS_SECTIONS.map(({ key, label }) => {
    const lines = result.breakdown.filter((line) => crsSectionOf(line.factor) === key);
    const sumOfMax = lines.reduce((sum, line) => sum + (line.max ?? 0), 0);
    return {
      key,
      label,
      points: lines.reduce((sum, line) => sum + line.points, 0),
      max: Math.min(sumOfMax, SECTION_CAPS[key] ?? sumOfMax),
      lines,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The calculation
// ---------------------------------------------------------------------------------------------------------------

function points(count: number): string {
  return `${count} point${count === 1 ? '' : 's'}`;
}

function lowest(scores: ClbScores): number {
  return Math.min(...LANGUAGE_ABILITIES.map((ability) => scores[ability]));
}

function perAbility(scores: ClbScores, score: (level: number) => number): string {
  return LANGUAGE_ABILITIES.map(
    (ability, index) =>
      `${index === 0 ? LANGUAGE_ABILITY_LABELS[ability] : LANGUAGE_ABILITY_LABELS[ability].toLowerCase()} ` +
      `${clbLabel(scores[ability])} (${score(scores[ability])})`,
  ).join(', ');
}

/**
 * Gives each line at most what is left of `cap`, in order, so the lines of a capped group still add up to what
 * the group counts; a reduced line says so.
 */
function capLines(lines: ScoreLine[], cap: number, why: string): ScoreLine[] {
  let left = cap;
  return lines.map((line) => {
    const counted = Math.min(line.points, left);
    left -= counted;
    if (counted === line.points) return line;
    return {
      ...line,
      points: counted,
      detail: `${line.detail ?? ''} — ${line.points} earned, ${counted} counted: ${why}`,
    };
  });
}

const EDUCATION_TIER: Readonly<Record<CrsEducation, 0 | 1 | 2>> = {
  LESS_THAN_SECONDARY: 0,
  SECONDARY: 0,
  ONE_YEAR_POST_SECONDARY: 1,
  TWO_YEAR_POST_SECONDARY: 1,
  BACHELORS_OR_THREE_YEAR: 1,
  TWO_OR_MORE_CREDENTIALS: 2,
  MASTERS_OR_PROFESSIONAL: 2,
  DOCTORAL: 2,
};

function languageTier(scores: ClbScores): 0 | 1 | 2 {
  const min = lowest(scores);
  return min >= 9 ? 2 : min >= 7 ? 1 : 0;
}

function canadianWorkTier(years: number): 0 | 1 | 2 {
  return years >= 2 ? 2 : years === 1 ? 1 : 0;
}

function foreignWorkTier(years: number): 0 | 1 | 2 {
  return years >= 3 ? 2 : years >= 1 ? 1 : 0;
}

const LANGUAGE_TIER_WORDS = [
  'needs CLB 7 or more in all four first-language abilities',
  'CLB 7 or more in all four (one under CLB 9)',
  'CLB 9 or more in all four',
] as const;
const CANADIAN_WORK_TIER_WORDS = [
  'needs a year or more of Canadian work experience',
  '1 year of Canadian work experience',
  '2 years or more of Canadian work experience',
] as const;
const EDUCATION_TIER_WORDS = [
  'needs a post-secondary credential of one year or longer',
  'a post-secondary credential of one year or longer',
  "two or more credentials (one of three years or more), or a master's, professional or doctoral degree",
] as const;
const FOREIGN_WORK_TIER_WORDS = [
  'needs a year or more of foreign work experience',
  '1 or 2 years of foreign work experience',
  '3 years or more of foreign work experience',
] as const;

/** A combination line: the points of the two tiers, and in words what it counted or what is missing. */
function combination(
  factor: string,
  label: string,
  first: [tier: 0 | 1 | 2, words: readonly string[]],
  second: [tier: 0 | 1 | 2, words: readonly string[]],
): ScoreLine {
  const [firstTier, firstWords] = first;
  const [secondTier, secondWords] = second;
  const detail =
    firstTier === 0
      ? firstWords[0]!
      : secondTier === 0
        ? secondWords[0]!
        : `${firstWords[firstTier]!} with ${secondWords[secondTier]!}`;
  return {
    factor,
    label,
    points: TRANSFERABILITY_POINTS[firstTier]![secondTier]!,
    max: 50,
    detail: detail.charAt(0).toUpperCase() + detail.slice(1),
  };
}

function scoreLines(answers: CrsAnswers): ScoreLine[] {
  const withSpouse = isWithSpouse(answers);
  const column = withSpouse ? 0 : 1;
  const tables = withSpouse ? 'with a spouse or partner' : 'without a spouse or partner';

  // A. Core / human capital factors.
  const agePoints = AGE_POINTS[answers.age]?.[column] ?? 0;
  const ageDetail =
    answers.age <= 17
      ? `${answers.age} years old: 17 or younger earns no points`
      : answers.age >= 45
        ? `${answers.age} years old: 45 or older earns no points`
        : `${answers.age} years old, scored ${tables}`;
  const firstPoints = (level: number) => firstLanguageAbilityPoints(level)[column];
  const firstTotal = LANGUAGE_ABILITIES.reduce((sum, ability) => sum + firstPoints(answers.firstLanguage[ability]), 0);
  const second = answers.secondLanguage;
  const secondEarned = second
    ? LANGUAGE_ABILITIES.reduce((sum, ability) => sum + secondLanguageAbilityPoints(second[ability]), 0)
    : 0;
  const secondMax = SECOND_LANGUAGE_MAX[column];
  const secondPoints = Math.min(secondEarned, secondMax);
  const secondDetail = second
    ? perAbility(second, secondLanguageAbilityPoints) +
      (secondEarned > secondMax ? ` — ${secondEarned} earned, ${secondMax} counted (the most ${tables})` : '')
    : 'No second official language test';
  const canadianWork = Math.min(answers.canadianWork, 5);
  const core: ScoreLine[] = [
    { factor: 'core.age', label: 'Age', points: agePoints, max: withSpouse ? 100 : 110, detail: ageDetail },
    {
      factor: 'core.education',
      label: 'Level of education',
      points: EDUCATION_POINTS[answers.education][column],
      max: withSpouse ? 140 : 150,
      detail: CRS_EDUCATION_LABELS[answers.education],
    },
    {
      factor: 'core.firstLanguage',
      label: 'First official language',
      points: firstTotal,
      max: withSpouse ? 128 : 136,
      detail: perAbility(answers.firstLanguage, firstPoints),
    },
    {
      factor: 'core.secondLanguage',
      label: 'Second official language',
      points: secondPoints,
      max: secondMax,
      detail: secondDetail,
    },
    {
      factor: 'core.canadianWork',
      label: 'Canadian work experience',
      points: CANADIAN_WORK_POINTS[canadianWork]![column],
      max: withSpouse ? 70 : 80,
      detail: CANADIAN_WORK_LABELS[canadianWork],
    },
  ];

  // B. Spouse or common-law partner factors (only with a partner who comes and is not Canadian).
  const spouse: ScoreLine[] = [];
  if (withSpouse) {
    const education = answers.spouseEducation ?? 'LESS_THAN_SECONDARY';
    const language = answers.spouseLanguage ?? { speaking: 0, listening: 0, reading: 0, writing: 0 };
    const work = Math.min(answers.spouseCanadianWork ?? 0, 5);
    spouse.push(
      {
        factor: 'spouse.education',
        label: "Partner's level of education",
        points: SPOUSE_EDUCATION_POINTS[education],
        max: 10,
        detail: CRS_EDUCATION_LABELS[education],
      },
      {
        factor: 'spouse.language',
        label: "Partner's first official language",
        points: LANGUAGE_ABILITIES.reduce((sum, ability) => sum + spouseLanguageAbilityPoints(language[ability]), 0),
        max: 20,
        detail: answers.spouseLanguage
          ? perAbility(language, spouseLanguageAbilityPoints)
          : 'No official language test',
      },
      {
        factor: 'spouse.canadianWork',
        label: "Partner's Canadian work experience",
        points: SPOUSE_CANADIAN_WORK_POINTS[work]!,
        max: 10,
        detail: CANADIAN_WORK_LABELS[work],
      },
    );
  }

  // C. Skill transferability factors: two groups of 50, a certificate of 50, the section at most 100.
  const education: [0 | 1 | 2, readonly string[]] = [EDUCATION_TIER[answers.education], EDUCATION_TIER_WORDS];
  const foreign: [0 | 1 | 2, readonly string[]] = [foreignWorkTier(answers.foreignWork), FOREIGN_WORK_TIER_WORDS];
  const language: [0 | 1 | 2, readonly string[]] = [languageTier(answers.firstLanguage), LANGUAGE_TIER_WORDS];
  const inCanada: [0 | 1 | 2, readonly string[]] = [canadianWorkTier(answers.canadianWork), CANADIAN_WORK_TIER_WORDS];
  const groupCap = `education combinations count at most ${TRANSFERABILITY_GROUP_MAX}`;
  const educationGroup = capLines(
    [
      combination('transferability.educationLanguage', 'Education and language', education, language),
      combination(
        'transferability.educationCanadianWork',
        'Education and Canadian work experience',
        education,
        inCanada,
      ),
    ],
    TRANSFERABILITY_GROUP_MAX,
    groupCap,
  );
  const foreignGroup = capLines(
    [
      combination('transferability.foreignWorkLanguage', 'Foreign work experience and language', foreign, language),
      combination('transferability.foreignWorkCanadianWork', 'Foreign and Canadian work experience', foreign, inCanada),
    ],
    TRANSFERABILITY_GROUP_MAX,
    `foreign work combinations count at most ${TRANSFERABILITY_GROUP_MAX}`,
  );
  const firstLowest = lowest(answers.firstLanguage);
  const certificate: ScoreLine = {
    factor: 'transferability.certificateLanguage',
    label: 'Certificate of qualification and language',
    points: !answers.tradeCertificate ? 0 : firstLowest >= 7 ? 50 : firstLowest >= 5 ? 25 : 0,
    max: 50,
    detail: !answers.tradeCertificate
      ? 'No certificate of qualification in a trade'
      : firstLowest >= 7
        ? 'Certificate with CLB 7 or more in all four'
        : firstLowest >= 5
          ? 'Certificate with CLB 5 or more in all four (one under CLB 7)'
          : 'Certificate: needs CLB 5 or more in all four first-language abilities',
  };
  const transferability = capLines(
    [...educationGroup, ...foreignGroup, certificate],
    TRANSFERABILITY_MAX,
    `skill transferability counts at most ${TRANSFERABILITY_MAX}`,
  );

  // D. Additional points, at most 600.
  const additional = capLines(
    [
      {
        factor: 'additional.provincialNomination',
        label: 'Provincial or territorial nomination',
        points: answers.provincialNomination ? NOMINATION_POINTS : 0,
        max: NOMINATION_POINTS,
        detail: answers.provincialNomination ? 'Nominated by a province or territory' : 'No nomination',
      },
      {
        factor: 'additional.french',
        label: 'French-language skills',
        points: FRENCH_POINTS[answers.frenchAbility],
        max: 50,
        detail: FRENCH_ABILITY_LABELS[answers.frenchAbility],
      },
      {
        factor: 'additional.canadianStudy',
        label: 'Post-secondary education in Canada',
        points: CANADIAN_STUDY_POINTS[answers.canadianStudy],
        max: 30,
        detail: CANADIAN_STUDY_LABELS[answers.canadianStudy],
      },
      {
        factor: 'additional.sibling',
        label: 'Brother or sister in Canada',
        points: answers.siblingInCanada ? SIBLING_POINTS : 0,
        max: SIBLING_POINTS,
        detail: answers.siblingInCanada ? 'A citizen or permanent resident living in Canada' : 'None',
      },
    ],
    ADDITIONAL_MAX,
    `additional points count at most ${ADDITIONAL_MAX}`,
  );

  return [...core, ...spouse, ...transferability, ...additional];
}

function totalOf(answers: CrsAnswers): number {
  return Math.min(
    CRS_MAX_TOTAL,
    scoreLines(answers).reduce((sum, line) => sum + line.points, 0),
  );
}

/** Every ability at least `level`. */
function atLeast(scores: ClbScores | null, level: number): ClbScores {
  const base = scores ?? { speaking: 0, listening: 0, reading: 0, writing: 0 };
  return {
    speaking: Math.max(base.speaking, level),
    listening: Math.max(base.listening, level),
    reading: Math.max(base.reading, level),
    writing: Math.max(base.writing, level),
  };
}

function nextEducation(level: CrsEducation): CrsEducation | null {
  return CRS_EDUCATION_LEVELS[CRS_EDUCATION_LEVELS.indexOf(level) + 1] ?? null;
}

interface Candidate {
  factor: string;
  /** The changed answers, or null when the change is not possible (already there). */
  changed: CrsAnswers | null;
  text: (gain: string) => string;
}

/** Changes a visitor could still make, each scored again with the same rules; the largest gain first. */
function suggestionsFor(answers: CrsAnswers, total: number): ScoreSuggestion[] {
  const withSpouse = isWithSpouse(answers);
  const firstLowest = lowest(answers.firstLanguage);
  const education = nextEducation(answers.education);
  const candidates: Candidate[] = [
    {
      factor: 'additional.provincialNomination',
      changed: answers.provincialNomination ? null : { ...answers, provincialNomination: true },
      text: (gain) => `A provincial or territorial nomination adds ${gain}`,
    },
    {
      factor: 'core.firstLanguage',
      changed: firstLowest < 7 ? { ...answers, firstLanguage: atLeast(answers.firstLanguage, 7) } : null,
      text: (gain) => `CLB 7 in every ability of your first official language adds ${gain}`,
    },
    {
      factor: 'core.firstLanguage',
      changed: firstLowest < 9 ? { ...answers, firstLanguage: atLeast(answers.firstLanguage, 9) } : null,
      text: (gain) => `CLB 9 in every ability of your first official language adds ${gain}`,
    },
    {
      factor: 'core.firstLanguage',
      changed:
        firstLowest >= 9 && firstLowest < 10 ? { ...answers, firstLanguage: atLeast(answers.firstLanguage, 10) } : null,
      text: (gain) => `CLB 10 in every ability of your first official language adds ${gain}`,
    },
    {
      // Most of our visitors' first official language is English: French would be the second.
      factor: 'additional.french',
      changed:
        answers.frenchAbility === 'NONE'
          ? {
              ...answers,
              frenchAbility: firstLowest >= 5 ? 'NCLC_7_ENGLISH_CLB_5_OR_MORE' : 'NCLC_7_ENGLISH_CLB_4_OR_LESS',
              secondLanguage: atLeast(answers.secondLanguage, 7),
            }
          : null,
      text: (gain) => `NCLC 7 in all four French abilities (as your second official language) adds ${gain}`,
    },
    {
      factor: 'core.canadianWork',
      changed: answers.canadianWork < 5 ? { ...answers, canadianWork: answers.canadianWork + 1 } : null,
      text: (gain) => `One more year of Canadian work experience adds ${gain}`,
    },
    {
      factor: 'transferability.foreignWorkLanguage',
      changed: answers.foreignWork < 3 ? { ...answers, foreignWork: answers.foreignWork + 1 } : null,
      text: (gain) => `One more year of foreign work experience adds ${gain}`,
    },
    {
      factor: 'core.education',
      changed: education ? { ...answers, education } : null,
      text: (gain) => `Completing ${education ? EDUCATION_GOALS[education] : ''} adds ${gain}`,
    },
    {
      factor: 'transferability.certificateLanguage',
      changed: answers.tradeCertificate ? null : { ...answers, tradeCertificate: true },
      text: (gain) => `A certificate of qualification in a trade from a province or territory adds ${gain}`,
    },
    {
      factor: 'additional.canadianStudy',
      changed:
        answers.canadianStudy === 'NONE'
          ? { ...answers, canadianStudy: 'ONE_OR_TWO_YEARS' }
          : answers.canadianStudy === 'ONE_OR_TWO_YEARS'
            ? { ...answers, canadianStudy: 'THREE_YEARS_OR_MORE' }
            : null,
      text: (gain) =>
        answers.canadianStudy === 'NONE'
          ? `A one- or two-year post-secondary credential from Canada adds ${gain}`
          : `A Canadian credential of three years or more adds ${gain}`,
    },
  ];
  if (withSpouse) {
    const spouseEducation = nextEducation(answers.spouseEducation ?? 'LESS_THAN_SECONDARY');
    const spouseLowest = answers.spouseLanguage ? lowest(answers.spouseLanguage) : 0;
    const spouseWork = answers.spouseCanadianWork ?? 0;
    candidates.push(
      {
        factor: 'spouse.language',
        changed: spouseLowest < 9 ? { ...answers, spouseLanguage: atLeast(answers.spouseLanguage, 9) } : null,
        text: (gain) => `Your partner reaching CLB 9 in every ability adds ${gain}`,
      },
      {
        factor: 'spouse.canadianWork',
        changed: spouseWork < 5 ? { ...answers, spouseCanadianWork: spouseWork + 1 } : null,
        text: (gain) => `One more year of Canadian work experience for your partner adds ${gain}`,
      },
      {
        factor: 'spouse.education',
        changed: spouseEducation ? { ...answers, spouseEducation } : null,
        text: (gain) =>
          `Your partner completing ${spouseEducation ? EDUCATION_GOALS[spouseEducation] : ''} adds ${gain}`,
      },
    );
  }
  const suggestions: ScoreSuggestion[] = [];
  for (const candidate of candidates) {
    if (!candidate.changed) continue;
    const gain = totalOf(candidate.changed) - total;
    if (gain > 0) suggestions.push({ factor: candidate.factor, text: candidate.text(points(gain)), gain });
  }
  // A stable sort: equal gains keep the order above.
  return suggestions.sort((a, b) => b.gain - a.gain);
}

/** The score of parsed answers (`crsInput`): the breakdown per factor, the total out of 1,200, what would raise it. */
export function calculateCrs(answers: CrsAnswers): EligibilityResult {
  const breakdown = scoreLines(answers);
  const total = Math.min(
    CRS_MAX_TOTAL,
    breakdown.reduce((sum, line) => sum + line.points, 0),
  );
  return {
    tool: 'CRS',
    total,
    breakdown,
    suggestions: suggestionsFor(answers, total),
    passMark: null,
    rules: CRS_RULES,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The answers in words
// ---------------------------------------------------------------------------------------------------------------

function yesNoWord(value: boolean | null): string {
  return value ? 'Yes' : 'No';
}

function languageWords(scores: ClbScores | null): string {
  if (!scores) return 'No test';
  return LANGUAGE_ABILITIES.map((ability) => `${LANGUAGE_ABILITY_LABELS[ability]} ${clbLabel(scores[ability])}`).join(
    ', ',
  );
}

/** Each question and its answer in words, for the lead's mail and the staff inbox. */
export function describeCrsAnswers(answers: CrsAnswers): AnswerLine[] {
  const withSpouse = isWithSpouse(answers);
  const lines: AnswerLine[] = [[CRS_QUESTIONS.maritalStatus, CRS_MARITAL_STATUS_LABELS[answers.maritalStatus]]];
  if (PARTNERED.includes(answers.maritalStatus)) {
    lines.push([CRS_QUESTIONS.partnerIsCanadian, yesNoWord(answers.partnerIsCanadian)]);
    if (answers.partnerIsCanadian === false)
      lines.push([CRS_QUESTIONS.partnerComing, yesNoWord(answers.partnerComing)]);
  }
  lines.push(
    ['Scored as', withSpouse ? 'With a spouse or common-law partner' : 'Without a spouse or common-law partner'],
    [CRS_QUESTIONS.age, `${answers.age} years`],
    [CRS_QUESTIONS.education, CRS_EDUCATION_LABELS[answers.education]],
    [CRS_QUESTIONS.firstLanguage, languageWords(answers.firstLanguage)],
    [CRS_QUESTIONS.secondLanguage, languageWords(answers.secondLanguage)],
    [CRS_QUESTIONS.canadianWork, CANADIAN_WORK_LABELS[Math.min(answers.canadianWork, 5)]!],
    [CRS_QUESTIONS.foreignWork, FOREIGN_WORK_LABELS[Math.min(answers.foreignWork, 3)]!],
    [CRS_QUESTIONS.tradeCertificate, yesNoWord(answers.tradeCertificate)],
  );
  if (withSpouse) {
    lines.push(
      [
        CRS_QUESTIONS.spouseEducation,
        answers.spouseEducation ? CRS_EDUCATION_LABELS[answers.spouseEducation] : 'Not answered',
      ],
      [CRS_QUESTIONS.spouseLanguage, languageWords(answers.spouseLanguage)],
      [CRS_QUESTIONS.spouseCanadianWork, CANADIAN_WORK_LABELS[Math.min(answers.spouseCanadianWork ?? 0, 5)]!],
    );
  }
  lines.push(
    [CRS_QUESTIONS.provincialNomination, yesNoWord(answers.provincialNomination)],
    [CRS_QUESTIONS.canadianStudy, CANADIAN_STUDY_LABELS[answers.canadianStudy]],
    [CRS_QUESTIONS.siblingInCanada, yesNoWord(answers.siblingInCanada)],
    [CRS_QUESTIONS.frenchAbility, FRENCH_ABILITY_LABELS[answers.frenchAbility]],
  );
  return lines;
}
