import type { AustralianPointsAnswers } from './australia-points.js';

/*
 * Answers the eligibility checkers' tests (shared and server) start from, written once so that each test names only
 * what it is about. Expected points stay in the tests, worked out by hand; nothing in the product imports this.
 */

/** An Australian profile that scores nothing but its age (25 at 18): each test changes what it is about. */
export function australianAnswers(overrides: Partial<AustralianPointsAnswers> = {}): AustralianPointsAnswers {
  return {
    subclass: '189',
    age: 18,
    english: 'COMPETENT',
    overseasEmploymentYears: 0,
    australianEmploymentYears: 0,
    qualification: 'NONE',
    specialistEducation: false,
    australianStudy: false,
    professionalYear: false,
    communityLanguage: false,
    regionalStudy: false,
    partner: 'PARTNER_NEITHER',
    regionalSponsor: null,
    ...overrides,
  };
}

/**
 * A complete Australian profile as a visitor's browser sends it (no 491 sponsor): a 29-year-old with Proficient
 * English, 3 years of work overseas and 1 in Australia, a bachelor degree meeting the Australian study requirement, a
 * professional year, single, for subclass 190. By hand from the Home Affairs table: age 30 + English 10 + employment
 * (5 + 5) 10 + bachelor 15 + Australian study 5 + professional year 5 + single 10 + nomination 5 = 90.
 */
export const AUSTRALIAN_PROFILE = {
  subclass: '190',
  age: 29,
  english: 'PROFICIENT',
  overseasEmploymentYears: 3,
  australianEmploymentYears: 1,
  qualification: 'BACHELOR_OR_MASTERS',
  specialistEducation: false,
  australianStudy: true,
  professionalYear: true,
  communityLanguage: false,
  regionalStudy: false,
  partner: 'SINGLE_OR_AUSTRALIAN_PARTNER',
};

/**
 * A complete Canadian profile as a visitor's browser sends it: single, 30, a bachelor's degree, CLB 9 in every
 * ability, 1 year of Canadian and 3 of foreign work. By hand from IRCC's tables without a spouse: age 105 + education
 * 120 + first language 4 × 31 = 124 + Canadian work 40 = 389 core; transferability: education + language 25 (one
 * post-secondary credential, CLB 9) + education + Canadian work 13 = 38; foreign work + language 50 + foreign work +
 * Canadian work 25, capped at 50 = 50; 38 + 50 = 88; total 477.
 */
export const CANADIAN_PROFILE = {
  maritalStatus: 'SINGLE',
  age: 30,
  education: 'BACHELORS_OR_THREE_YEAR',
  firstLanguage: { speaking: 9, listening: 9, reading: 9, writing: 9 },
  canadianWork: 1,
  foreignWork: 3,
  tradeCertificate: false,
  provincialNomination: false,
  canadianStudy: 'NONE',
  siblingInCanada: false,
  frenchAbility: 'NONE',
};
