import { z } from 'zod';
import type { AnswerLine, EligibilityResult, RulesInfo, ScoreLine, ScoreSuggestion } from './result.js';

/**
 * Australia's skilled-visa points test (subclasses 189, 190 and 491), issue 21: pure rules that the public page
 * runs in the browser and the server runs again for a lead, so a visitor and staff see the same score.
 *
 * Every table below is the Department of Home Affairs' points table, Migration Regulations 1994 Schedule 6D as
 * amended by the Migration Amendment (New Skilled Regional Visas) Regulations 2019, in force from 16 November 2019
 * and unchanged since (a review of the points test was announced with the 2023 Migration Strategy; no new table
 * has been published). Source: https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/skilled-independent-189/points-table
 * and the Department's calculator, https://immi.homeaffairs.gov.au/help-support/tools/points-calculator
 */

export const AUSTRALIAN_POINTS_RULES: RulesInfo = {
  name: 'Australian skilled migration points test (subclasses 189, 190 and 491)',
  publisher: 'Department of Home Affairs',
  publishedOn: '2019-11-16',
  checkedOn: '2026-11-25',
  source: 'https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/skilled-independent-189/points-table',
};

/** The Department's own calculator, for visitors who want to check the estimate there. */
export const AUSTRALIAN_POINTS_CALCULATOR_URL = 'https://immi.homeaffairs.gov.au/help-support/tools/points-calculator';

/** Subclasses 189, 190 and 491 all need at least 65 points when invited. */
export const AUSTRALIAN_POINTS_PASS_MARK = 65;

/** Applicants must be under 45 when invited; points are given from 18. */
export const AUSTRALIAN_POINTS_AGE_LIMIT = 45;
/** Employment counts only in the 10 years before the invitation. */
export const AUSTRALIAN_EMPLOYMENT_WINDOW_YEARS = 10;
/** Overseas and Australian employment together give at most 20 points (points table, "Skilled employment"). */
export const AUSTRALIAN_EMPLOYMENT_CAP = 20;

// ---------------------------------------------------------------------------------------------------------------
// The answers
// ---------------------------------------------------------------------------------------------------------------

export const AU_SUBCLASSES = ['189', '190', '491'] as const;
export type AuSubclass = (typeof AU_SUBCLASSES)[number];
export const AU_SUBCLASS_LABELS = {
  '189': 'Skilled Independent (subclass 189)',
  '190': 'Skilled Nominated (subclass 190)',
  '491': 'Skilled Work Regional (subclass 491)',
} as const satisfies Record<AuSubclass, string>;

export const AU_ENGLISH_LEVELS = ['COMPETENT', 'PROFICIENT', 'SUPERIOR'] as const;
export type AuEnglishLevel = (typeof AU_ENGLISH_LEVELS)[number];
export const AU_ENGLISH_LABELS = {
  COMPETENT: 'Competent (e.g. IELTS 6 in each band)',
  PROFICIENT: 'Proficient (e.g. IELTS 7 in each band)',
  SUPERIOR: 'Superior (e.g. IELTS 8 in each band)',
} as const satisfies Record<AuEnglishLevel, string>;

export const AU_QUALIFICATIONS = [
  'DOCTORATE',
  'BACHELOR_OR_MASTERS',
  'DIPLOMA_OR_TRADE',
  'OTHER_RECOGNISED',
  'NONE',
] as const;
export type AuQualification = (typeof AU_QUALIFICATIONS)[number];
export const AU_QUALIFICATION_LABELS = {
  DOCTORATE: 'Doctorate (PhD)',
  BACHELOR_OR_MASTERS: 'Bachelor or Masters degree',
  DIPLOMA_OR_TRADE: 'Diploma or trade qualification from an Australian institution',
  OTHER_RECOGNISED: 'Another qualification recognised by my skills assessing authority',
  NONE: 'None of these',
} as const satisfies Record<AuQualification, string>;

export const AU_PARTNER_SITUATIONS = [
  'SINGLE_OR_AUSTRALIAN_PARTNER',
  'PARTNER_SKILLED',
  'PARTNER_COMPETENT_ENGLISH',
  'PARTNER_NEITHER',
] as const;
export type AuPartnerSituation = (typeof AU_PARTNER_SITUATIONS)[number];
export const AU_PARTNER_LABELS = {
  SINGLE_OR_AUSTRALIAN_PARTNER: 'Single, or my partner is an Australian citizen or permanent resident',
  PARTNER_SKILLED: 'My partner is under 45, has Competent English and a suitable skills assessment',
  PARTNER_COMPETENT_ENGLISH: 'My partner has Competent English but no skills assessment',
  PARTNER_NEITHER: 'My partner has neither',
} as const satisfies Record<AuPartnerSituation, string>;

/** Subclass 491 needs a state or territory nomination or a relative's sponsorship. */
export const AU_REGIONAL_SPONSORS = ['STATE_OR_TERRITORY', 'ELIGIBLE_RELATIVE', 'NONE'] as const;
export type AuRegionalSponsor = (typeof AU_REGIONAL_SPONSORS)[number];
export const AU_REGIONAL_SPONSOR_LABELS = {
  STATE_OR_TERRITORY: 'Nominated by a state or territory government',
  ELIGIBLE_RELATIVE: 'Sponsored by an eligible relative living in a designated regional area',
  NONE: 'Not yet',
} as const satisfies Record<AuRegionalSponsor, string>;

/** The questions, as the checker, the lead's mail and the staff inbox word them. */
export const AU_POINTS_QUESTIONS = {
  subclass: 'Visa',
  age: 'Age',
  english: 'English',
  overseasEmploymentYears: 'Skilled employment outside Australia in the last 10 years',
  australianEmploymentYears: 'Skilled employment in Australia in the last 10 years',
  qualification: 'Highest qualification',
  specialistEducation: 'Masters by research or doctorate in STEM from an Australian institution',
  australianStudy: 'Meets the Australian study requirement (2 years of study in Australia)',
  professionalYear: 'Professional Year in Australia',
  communityLanguage: 'Credentialled community language (NAATI)',
  regionalStudy: 'Studied in regional Australia',
  partner: 'Partner',
  regionalSponsor: 'Nomination or sponsorship for subclass 491',
} as const;

export const AU_POINTS_MESSAGES = {
  subclass: 'Visa subclass is required',
  age: 'Age is required',
  ageWhole: 'Enter your age in whole years',
  ageMin: 'The points test starts at 18: enter an age of 18 or more',
  ageMax: 'Enter an age of 99 or less',
  english: 'English level is required',
  overseasEmploymentYears: 'Years of skilled employment outside Australia are required',
  australianEmploymentYears: 'Years of skilled employment in Australia are required',
  yearsRange: 'Enter a number of years from 0 to 10',
  employmentTotal: 'Employment outside and in Australia together cannot be more than the last 10 years',
  qualification: 'Highest qualification is required',
  specialistEducation: 'Specialist education is required',
  australianStudy: 'Australian study requirement is required',
  professionalYear: 'Professional Year is required',
  communityLanguage: 'Community language is required',
  regionalStudy: 'Regional study is required',
  partner: 'Partner is required',
  regionalSponsor: 'Nomination or sponsorship is required for subclass 491',
} as const;

function years(required: string) {
  return z
    .number({ error: required })
    .min(0, AU_POINTS_MESSAGES.yearsRange)
    .max(AUSTRALIAN_EMPLOYMENT_WINDOW_YEARS, AU_POINTS_MESSAGES.yearsRange);
}

function yesNo(required: string) {
  return z.boolean({ error: required });
}

/** A visitor's answers. Employment may be in part-years (the bands are "at least 3 but less than 5 years"). */
export const australianPointsInput = z
  .object({
    subclass: z.enum(AU_SUBCLASSES, { error: AU_POINTS_MESSAGES.subclass }),
    age: z
      .number({ error: AU_POINTS_MESSAGES.age })
      .int(AU_POINTS_MESSAGES.ageWhole)
      .min(18, AU_POINTS_MESSAGES.ageMin)
      .max(99, AU_POINTS_MESSAGES.ageMax),
    english: z.enum(AU_ENGLISH_LEVELS, { error: AU_POINTS_MESSAGES.english }),
    overseasEmploymentYears: years(AU_POINTS_MESSAGES.overseasEmploymentYears),
    australianEmploymentYears: years(AU_POINTS_MESSAGES.australianEmploymentYears),
    qualification: z.enum(AU_QUALIFICATIONS, { error: AU_POINTS_MESSAGES.qualification }),
    specialistEducation: yesNo(AU_POINTS_MESSAGES.specialistEducation),
    australianStudy: yesNo(AU_POINTS_MESSAGES.australianStudy),
    professionalYear: yesNo(AU_POINTS_MESSAGES.professionalYear),
    communityLanguage: yesNo(AU_POINTS_MESSAGES.communityLanguage),
    regionalStudy: yesNo(AU_POINTS_MESSAGES.regionalStudy),
    partner: z.enum(AU_PARTNER_SITUATIONS, { error: AU_POINTS_MESSAGES.partner }),
    /** Asked for subclass 491 only; kept as null for 189 and 190. */
    regionalSponsor: z
      .enum(AU_REGIONAL_SPONSORS, { error: AU_POINTS_MESSAGES.regionalSponsor })
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((answers, ctx) => {
    // Zod runs this also when a field failed; judge the sum only of two valid numbers of years.
    const { overseasEmploymentYears: overseas, australianEmploymentYears: australian } = answers;
    const window = AUSTRALIAN_EMPLOYMENT_WINDOW_YEARS;
    if (
      overseas >= 0 &&
      overseas <= window &&
      australian >= 0 &&
      australian <= window &&
      overseas + australian > window
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['australianEmploymentYears'],
        message: AU_POINTS_MESSAGES.employmentTotal,
      });
    }
    if (answers.subclass === '491' && answers.regionalSponsor === null) {
      ctx.addIssue({ code: 'custom', path: ['regionalSponsor'], message: AU_POINTS_MESSAGES.regionalSponsor });
    }
  })
  .transform((answers) => (answers.subclass === '491' ? answers : { ...answers, regionalSponsor: null }));
export type AustralianPointsInput = z.input<typeof australianPointsInput>;
export type AustralianPointsAnswers = z.output<typeof australianPointsInput>;

// ---------------------------------------------------------------------------------------------------------------
// The tables (points table, Home Affairs, in force from 16 November 2019:
// https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/skilled-independent-189/points-table)
// ---------------------------------------------------------------------------------------------------------------

/** A band: from `from` (inclusive) to before `below`, as the table words it ("at least 3 but less than 5 years"). */
interface Band {
  from: number;
  below: number;
  points: number;
  /** How the table names the band. */
  name: string;
}

function bandOf(bands: readonly Band[], value: number): Band | undefined {
  return bands.find((band) => value >= band.from && value < band.below);
}

/** Age when invited (Home Affairs points table, "Age", 16 Nov 2019): 18–24: 25, 25–32: 30, 33–39: 25, 40–44: 15. */
const AGE_BANDS: readonly Band[] = [
  { from: 18, below: 25, points: 25, name: '18–24' },
  { from: 25, below: 33, points: 30, name: '25–32' },
  { from: 33, below: 40, points: 25, name: '33–39' },
  { from: 40, below: 45, points: 15, name: '40–44' },
];

/** English (points table, "English language skills", 16 Nov 2019): Competent is the visa's minimum and gives 0. */
const ENGLISH_POINTS = { COMPETENT: 0, PROFICIENT: 10, SUPERIOR: 20 } as const satisfies Record<AuEnglishLevel, number>;

/**
 * Skilled employment outside Australia in the last 10 years (points table, "Overseas skilled employment", 16 Nov
 * 2019): less than 3 years 0; at least 3 but less than 5: 5; at least 5 but less than 8: 10; 8 to 10: 15.
 */
const OVERSEAS_EMPLOYMENT_BANDS: readonly Band[] = [
  { from: 0, below: 3, points: 0, name: 'less than 3 years' },
  { from: 3, below: 5, points: 5, name: '3 to less than 5 years' },
  { from: 5, below: 8, points: 10, name: '5 to less than 8 years' },
  { from: 8, below: Infinity, points: 15, name: '8 to 10 years' },
];

/**
 * Skilled employment in Australia in the last 10 years (points table, "Australian skilled employment", 16 Nov
 * 2019): less than 1 year 0; at least 1 but less than 3: 5; 3 to less than 5: 10; 5 to less than 8: 15; 8 to 10: 20.
 */
const AUSTRALIAN_EMPLOYMENT_BANDS: readonly Band[] = [
  { from: 0, below: 1, points: 0, name: 'less than 1 year' },
  { from: 1, below: 3, points: 5, name: '1 to less than 3 years' },
  { from: 3, below: 5, points: 10, name: '3 to less than 5 years' },
  { from: 5, below: 8, points: 15, name: '5 to less than 8 years' },
  { from: 8, below: Infinity, points: 20, name: '8 to 10 years' },
];

/**
 * Educational qualifications, the highest only (points table, "Educational qualifications", 16 Nov 2019): a
 * doctorate 20; at least a bachelor degree 15; a diploma or trade qualification from an Australian institution 10;
 * an award or qualification recognised by the assessing authority for the nominated occupation 10.
 */
const QUALIFICATION_POINTS = {
  DOCTORATE: 20,
  BACHELOR_OR_MASTERS: 15,
  DIPLOMA_OR_TRADE: 10,
  OTHER_RECOGNISED: 10,
  NONE: 0,
} as const satisfies Record<AuQualification, number>;

/**
 * The yes/no factors (points table, 16 Nov 2019): specialist education qualification 10; Australian study
 * requirement 5; professional year in Australia 5; credentialled community language 5; study in regional Australia
 * 5 (for a qualification that itself meets the Australian study requirement).
 */
const SPECIALIST_EDUCATION_POINTS = 10;
const AUSTRALIAN_STUDY_POINTS = 5;
const PROFESSIONAL_YEAR_POINTS = 5;
const COMMUNITY_LANGUAGE_POINTS = 5;
const REGIONAL_STUDY_POINTS = 5;

/**
 * Partner skills, one only (points table, "Partner skills", 16 Nov 2019): single or partner an Australian citizen
 * or permanent resident 10; partner under 45 with Competent English and a suitable skills assessment 10; partner
 * with Competent English 5.
 */
const PARTNER_POINTS = {
  SINGLE_OR_AUSTRALIAN_PARTNER: 10,
  PARTNER_SKILLED: 10,
  PARTNER_COMPETENT_ENGLISH: 5,
  PARTNER_NEITHER: 0,
} as const satisfies Record<AuPartnerSituation, number>;

/**
 * Nomination or sponsorship (points table, 16 Nov 2019): subclass 190, nominated by a state or territory
 * government agency, 5; subclass 491, nominated by a state or territory or sponsored by an eligible relative, 15;
 * subclass 189 none.
 */
const NOMINATION_POINTS = { '189': 0, '190': 5, '491': 15 } as const satisfies Record<AuSubclass, number>;

// ---------------------------------------------------------------------------------------------------------------
// The score
// ---------------------------------------------------------------------------------------------------------------

function yearsText(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} year${rounded === 1 ? '' : 's'}`;
}

function employmentPoints(bands: readonly Band[], value: number): number {
  return bandOf(bands, value)?.points ?? 0;
}

function combinedEmployment(overseas: number, australian: number): number {
  return Math.min(
    AUSTRALIAN_EMPLOYMENT_CAP,
    employmentPoints(OVERSEAS_EMPLOYMENT_BANDS, overseas) + employmentPoints(AUSTRALIAN_EMPLOYMENT_BANDS, australian),
  );
}

function ageLine(age: number): ScoreLine {
  const band = bandOf(AGE_BANDS, age);
  let detail: string;
  if (band) detail = `${age} years old: the ${band.name} band`;
  else if (age < 18) detail = `${age} years old: points for age start at 18`;
  else
    detail = `${age} years old: no points for age from 45, and subclasses 189, 190 and 491 need you to be under 45 when invited`;
  return { factor: 'age', label: 'Age', points: band?.points ?? 0, max: 30, detail };
}

function englishLine(english: AuEnglishLevel): ScoreLine {
  const detail =
    english === 'COMPETENT'
      ? 'Competent English: the minimum for these visas, no points'
      : `${english === 'SUPERIOR' ? 'Superior' : 'Proficient'} English`;
  return { factor: 'english', label: 'English', points: ENGLISH_POINTS[english], max: 20, detail };
}

function employmentLine(overseas: number, australian: number): ScoreLine {
  const overseasBand = bandOf(OVERSEAS_EMPLOYMENT_BANDS, overseas);
  const australianBand = bandOf(AUSTRALIAN_EMPLOYMENT_BANDS, australian);
  const overseasPoints = overseasBand?.points ?? 0;
  const australianPoints = australianBand?.points ?? 0;
  const sum = overseasPoints + australianPoints;
  const points = Math.min(AUSTRALIAN_EMPLOYMENT_CAP, sum);
  const parts = `${yearsText(overseas)} outside Australia: ${overseasPoints} + ${yearsText(australian)} in Australia: ${australianPoints}`;
  const detail =
    sum > AUSTRALIAN_EMPLOYMENT_CAP
      ? `${parts} = ${sum}, capped: at most ${AUSTRALIAN_EMPLOYMENT_CAP} together`
      : parts;
  return { factor: 'employment', label: 'Skilled employment', points, max: AUSTRALIAN_EMPLOYMENT_CAP, detail };
}

function qualificationLine(qualification: AuQualification): ScoreLine {
  const detail =
    qualification === 'NONE'
      ? 'No qualification that scores points'
      : `${AU_QUALIFICATION_LABELS[qualification]} (the highest one counts)`;
  return {
    factor: 'qualification',
    label: 'Qualification',
    points: QUALIFICATION_POINTS[qualification],
    max: 20,
    detail,
  };
}

function yesNoLine(factor: string, label: string, yes: boolean, points: number, yesDetail: string): ScoreLine {
  return { factor, label, points: yes ? points : 0, max: points, detail: yes ? yesDetail : 'No' };
}

function regionalStudyLine(answers: AustralianPointsAnswers): ScoreLine {
  const line: ScoreLine = {
    factor: 'regionalStudy',
    label: 'Study in regional Australia',
    points: 0,
    max: REGIONAL_STUDY_POINTS,
    detail: 'No',
  };
  if (!answers.regionalStudy) return line;
  if (!answers.australianStudy) {
    return { ...line, detail: 'Counts only for a qualification that meets the Australian study requirement' };
  }
  return { ...line, points: REGIONAL_STUDY_POINTS, detail: 'Studied and lived in an eligible regional area' };
}

function partnerLine(partner: AuPartnerSituation): ScoreLine {
  const details = {
    SINGLE_OR_AUSTRALIAN_PARTNER: 'Single, or partner is an Australian citizen or permanent resident',
    PARTNER_SKILLED: 'Partner under 45 with Competent English and a skills assessment',
    PARTNER_COMPETENT_ENGLISH: 'Partner with Competent English',
    PARTNER_NEITHER: 'Partner with neither Competent English nor a skills assessment',
  } as const satisfies Record<AuPartnerSituation, string>;
  return { factor: 'partner', label: 'Partner', points: PARTNER_POINTS[partner], max: 10, detail: details[partner] };
}

function nominationLine(answers: AustralianPointsAnswers): ScoreLine {
  const line = { factor: 'nomination', label: 'Nomination or sponsorship', max: NOMINATION_POINTS[answers.subclass] };
  if (answers.subclass === '189') {
    return { ...line, points: 0, detail: 'Subclass 189 has no nomination: no points' };
  }
  if (answers.subclass === '190') {
    return { ...line, points: NOMINATION_POINTS['190'], detail: 'Subclass 190: nominated by a state or territory' };
  }
  if (answers.regionalSponsor === 'STATE_OR_TERRITORY' || answers.regionalSponsor === 'ELIGIBLE_RELATIVE') {
    const who =
      answers.regionalSponsor === 'STATE_OR_TERRITORY'
        ? 'nominated by a state or territory'
        : 'sponsored by an eligible relative';
    return { ...line, points: NOMINATION_POINTS['491'], detail: `Subclass 491: ${who}` };
  }
  return {
    ...line,
    points: 0,
    detail: 'Subclass 491 needs a state or territory nomination or an eligible relative’s sponsorship',
  };
}

/** What the visitor could still do to score more, within months rather than by being younger or studying again. */
function suggestionsFor(answers: AustralianPointsAnswers): ScoreSuggestion[] {
  const suggestions: ScoreSuggestion[] = [];
  if (answers.english === 'COMPETENT') {
    suggestions.push({
      factor: 'english',
      text: 'A Superior English result (e.g. IELTS 8 in each band) adds 20 points',
      gain: 20,
    });
    suggestions.push({
      factor: 'english',
      text: 'A Proficient English result (e.g. IELTS 7 in each band) adds 10 points',
      gain: 10,
    });
  } else if (answers.english === 'PROFICIENT') {
    suggestions.push({
      factor: 'english',
      text: 'A Superior English result (e.g. IELTS 8 in each band) adds 10 points',
      gain: 10,
    });
  }

  if (answers.subclass === '189') {
    suggestions.push({
      factor: 'nomination',
      text: 'A regional state nomination or an eligible relative’s sponsorship (subclass 491) adds 15 points',
      gain: 15,
    });
    suggestions.push({ factor: 'nomination', text: 'State nomination (subclass 190) adds 5 points', gain: 5 });
  } else if (answers.subclass === '190') {
    suggestions.push({
      factor: 'nomination',
      text: 'A regional nomination or sponsorship (subclass 491) gives 15 points instead of 5: 10 more',
      gain: 10,
    });
  } else if (answers.regionalSponsor === 'NONE') {
    suggestions.push({
      factor: 'nomination',
      text: 'A state or territory nomination, or an eligible relative’s sponsorship, adds 15 points (subclass 491 needs one)',
      gain: 15,
    });
  }

  // One more year of work at a time: the next band of each kind of employment, if the 10 years leave room for it
  // and the combined cap leaves points to gain.
  const current = combinedEmployment(answers.overseasEmploymentYears, answers.australianEmploymentYears);
  const nextOverseas = OVERSEAS_EMPLOYMENT_BANDS.find((band) => band.from > answers.overseasEmploymentYears);
  if (nextOverseas && nextOverseas.from + answers.australianEmploymentYears <= AUSTRALIAN_EMPLOYMENT_WINDOW_YEARS) {
    const gain = combinedEmployment(nextOverseas.from, answers.australianEmploymentYears) - current;
    if (gain > 0) {
      suggestions.push({
        factor: 'employment',
        text: `Reaching ${yearsText(nextOverseas.from)} of skilled employment outside Australia adds ${gain} points`,
        gain,
      });
    }
  }
  const nextAustralian = AUSTRALIAN_EMPLOYMENT_BANDS.find((band) => band.from > answers.australianEmploymentYears);
  if (nextAustralian && answers.overseasEmploymentYears + nextAustralian.from <= AUSTRALIAN_EMPLOYMENT_WINDOW_YEARS) {
    const gain = combinedEmployment(answers.overseasEmploymentYears, nextAustralian.from) - current;
    if (gain > 0) {
      suggestions.push({
        factor: 'employment',
        text: `Reaching ${yearsText(nextAustralian.from)} of skilled employment in Australia adds ${gain} points`,
        gain,
      });
    }
  }

  if (answers.partner === 'PARTNER_NEITHER') {
    suggestions.push({
      factor: 'partner',
      text: 'Your partner’s Competent English and a skills assessment (partner under 45) add 10 points',
      gain: 10,
    });
    suggestions.push({
      factor: 'partner',
      text: 'Your partner’s Competent English (e.g. IELTS 6 in each band) adds 5 points',
      gain: 5,
    });
  } else if (answers.partner === 'PARTNER_COMPETENT_ENGLISH') {
    suggestions.push({
      factor: 'partner',
      text: 'A skills assessment for your partner (under 45, an occupation on the same list) adds 5 points',
      gain: 5,
    });
  }

  if (!answers.professionalYear) {
    suggestions.push({
      factor: 'professionalYear',
      text: 'A professional year in Australia (accounting, ICT or engineering) adds 5 points',
      gain: PROFESSIONAL_YEAR_POINTS,
    });
  }
  if (!answers.communityLanguage) {
    suggestions.push({
      factor: 'communityLanguage',
      text: 'A NAATI credentialled community language test adds 5 points',
      gain: COMMUNITY_LANGUAGE_POINTS,
    });
  }
  // Stable: equal gains keep the order above.
  return suggestions.sort((a, b) => b.gain - a.gain);
}

/** The score of a visitor's answers: every factor of the points table, the total, and what would raise it. */
export function calculateAustralianPoints(answers: AustralianPointsAnswers): EligibilityResult {
  const breakdown: ScoreLine[] = [
    ageLine(answers.age),
    englishLine(answers.english),
    employmentLine(answers.overseasEmploymentYears, answers.australianEmploymentYears),
    qualificationLine(answers.qualification),
    yesNoLine(
      'specialistEducation',
      'Specialist education (STEM research)',
      answers.specialistEducation,
      SPECIALIST_EDUCATION_POINTS,
      'Masters by research or doctorate in STEM from an Australian institution',
    ),
    yesNoLine(
      'australianStudy',
      'Australian study requirement',
      answers.australianStudy,
      AUSTRALIAN_STUDY_POINTS,
      'At least 2 academic years of study in Australia',
    ),
    yesNoLine(
      'professionalYear',
      'Professional Year',
      answers.professionalYear,
      PROFESSIONAL_YEAR_POINTS,
      'Completed in Australia',
    ),
    yesNoLine(
      'communityLanguage',
      'Community language',
      answers.communityLanguage,
      COMMUNITY_LANGUAGE_POINTS,
      'NAATI credentialled',
    ),
    regionalStudyLine(answers),
    partnerLine(answers.partner),
    nominationLine(answers),
  ];
  return {
    tool: 'AU_POINTS',
    total: breakdown.reduce((sum, line) => sum + line.points, 0),
    breakdown,
    suggestions: suggestionsFor(answers),
    passMark: AUSTRALIAN_POINTS_PASS_MARK,
    rules: AUSTRALIAN_POINTS_RULES,
  };
}

const yesNoText = (value: boolean) => (value ? 'Yes' : 'No');

/** Each question with its answer in words, for the lead's mail and the staff inbox. */
export function describeAustralianPointsAnswers(answers: AustralianPointsAnswers): AnswerLine[] {
  const q = AU_POINTS_QUESTIONS;
  const lines: AnswerLine[] = [
    [q.subclass, AU_SUBCLASS_LABELS[answers.subclass]],
    [q.age, `${answers.age}`],
    [q.english, AU_ENGLISH_LABELS[answers.english]],
    [q.overseasEmploymentYears, yearsText(answers.overseasEmploymentYears)],
    [q.australianEmploymentYears, yearsText(answers.australianEmploymentYears)],
    [q.qualification, AU_QUALIFICATION_LABELS[answers.qualification]],
    [q.specialistEducation, yesNoText(answers.specialistEducation)],
    [q.australianStudy, yesNoText(answers.australianStudy)],
    [q.professionalYear, yesNoText(answers.professionalYear)],
    [q.communityLanguage, yesNoText(answers.communityLanguage)],
    [q.regionalStudy, yesNoText(answers.regionalStudy)],
    [q.partner, AU_PARTNER_LABELS[answers.partner]],
  ];
  if (answers.subclass === '491') {
    lines.push([
      q.regionalSponsor,
      answers.regionalSponsor ? AU_REGIONAL_SPONSOR_LABELS[answers.regionalSponsor] : '—',
    ]);
  }
  return lines;
}
