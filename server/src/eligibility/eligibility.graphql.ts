import { z } from 'zod';
import {
  AU_ENGLISH_LEVELS,
  AU_PARTNER_SITUATIONS,
  AU_QUALIFICATIONS,
  AU_REGIONAL_SPONSORS,
  australianPointsInput,
  calculateAustralianPoints,
} from '../../../shared/eligibility/australia-points.js';
import {
  CANADIAN_STUDY_LEVELS,
  calculateCrs,
  CRS_EDUCATION_LEVELS,
  CRS_MARITAL_STATUSES,
  crsInput,
  FRENCH_ABILITIES,
} from '../../../shared/eligibility/canada-crs.js';
import type { EligibilityAttachment } from '../../../shared/eligibility/attachment.js';
import { ELIGIBILITY_TOOLS } from '../../../shared/eligibility/result.js';
import { enumType } from '../graphql/base.graphql.js';
import { publicOperation, type GraphqlModule } from '../graphql/operation.js';

/** `EligibilityAnswersInput` as the enquiry takes it: one checker's answers, as the shared attachment, or null. */
export const eligibilityAnswersArg = z
  .object({ australianPoints: australianPointsInput.nullish(), crs: crsInput.nullish() })
  .refine((answers) => !(answers.australianPoints && answers.crs), 'Send the answers of one checker only')
  .nullish()
  .transform((answers): EligibilityAttachment | null => {
    if (answers?.australianPoints) return { tool: 'AU_POINTS', answers: answers.australianPoints };
    if (answers?.crs) return { tool: 'CRS', answers: answers.crs };
    return null;
  });

/**
 * The eligibility checkers for external callers (issue 21): the same rules as the public pages, worked out on the
 * server. Field names are those of the shared answers (camelCase), so there is no second naming to keep in step.
 */
export const eligibilityGraphql: GraphqlModule = {
  typeDefs: `
${enumType('EligibilityTool', ELIGIBILITY_TOOLS)}
${enumType('AustralianEnglishLevel', AU_ENGLISH_LEVELS)}
${enumType('AustralianQualification', AU_QUALIFICATIONS)}
${enumType('AustralianPartnerSituation', AU_PARTNER_SITUATIONS)}
${enumType('AustralianRegionalSponsor', AU_REGIONAL_SPONSORS)}
${enumType('CrsMaritalStatus', CRS_MARITAL_STATUSES)}
${enumType('CrsEducation', CRS_EDUCATION_LEVELS)}
${enumType('CanadianStudy', CANADIAN_STUDY_LEVELS)}
${enumType('FrenchAbility', FRENCH_ABILITIES)}

"""
Answers to Australia's skilled-visa points test. The server checks every field and answers BAD_USER_INPUT with a
message per field, so they are nullable here.
"""
input AustralianPointsInput {
  "189, 190 or 491."
  subclass: String
  "Whole years, 18 to 99 (0 points from 45)."
  age: Int
  english: AustralianEnglishLevel
  "Skilled employment outside Australia in the last 10 years, in years (part-years allowed)."
  overseasEmploymentYears: Float
  "Skilled employment in Australia in the last 10 years, in years (part-years allowed)."
  australianEmploymentYears: Float
  qualification: AustralianQualification
  specialistEducation: Boolean
  australianStudy: Boolean
  professionalYear: Boolean
  communityLanguage: Boolean
  regionalStudy: Boolean
  partner: AustralianPartnerSituation
  "Subclass 491 only: who nominates or sponsors."
  regionalSponsor: AustralianRegionalSponsor
}

"Canadian Language Benchmark levels per ability, 0 to 12 (0: no test)."
input ClbScoresInput {
  speaking: Int
  listening: Int
  reading: Int
  writing: Int
}

"""
Answers to Canada's Comprehensive Ranking System (Express Entry). Partner answers count only when the partner comes
and is not a Canadian citizen or permanent resident. Checked by the server like AustralianPointsInput.
"""
input CrsInput {
  maritalStatus: CrsMaritalStatus
  partnerIsCanadian: Boolean
  partnerComing: Boolean
  age: Int
  education: CrsEducation
  firstLanguage: ClbScoresInput
  secondLanguage: ClbScoresInput
  "Years, 0 to 5."
  canadianWork: Int
  "Years, 0 to 3."
  foreignWork: Int
  tradeCertificate: Boolean
  spouseEducation: CrsEducation
  spouseLanguage: ClbScoresInput
  spouseCanadianWork: Int
  provincialNomination: Boolean
  canadianStudy: CanadianStudy
  siblingInCanada: Boolean
  frenchAbility: FrenchAbility
}

"A checker's answers sent with an enquiry: exactly one of the two."
input EligibilityAnswersInput {
  australianPoints: AustralianPointsInput
  crs: CrsInput
}

type ScoreLine {
  factor: String!
  label: String!
  points: Int!
  max: Int
  detail: String
}

type ScoreSuggestion {
  factor: String!
  text: String!
  "Points it would add."
  gain: Int!
}

type EligibilityRules {
  name: String!
  publisher: String!
  "The date of the published rules, YYYY-MM-DD."
  publishedOn: String!
  "When the tables were last compared with the official rules, YYYY-MM-DD."
  checkedOn: String!
  source: String!
}

"An estimate, not advice: the total, each factor, and what would raise it."
type EligibilityResult {
  tool: EligibilityTool!
  total: Int!
  breakdown: [ScoreLine!]!
  suggestions: [ScoreSuggestion!]!
  "65 for the Australian points test; null where there is none."
  passMark: Int
  rules: EligibilityRules!
}

extend type Query {
  "Australia's skilled-visa points test for these answers (subclasses 189, 190, 491)."
  calculateAustralianPoints(input: AustralianPointsInput!): EligibilityResult!
  "Canada's CRS score (Express Entry) for these answers, out of 1,200."
  calculateCrs(input: CrsInput!): EligibilityResult!
}
`,
  Query: {
    calculateAustralianPoints: publicOperation({
      args: z.object({ input: australianPointsInput }),
      resolve: (args) => calculateAustralianPoints(args.input),
    }),
    calculateCrs: publicOperation({
      args: z.object({ input: crsInput }),
      resolve: (args) => calculateCrs(args.input),
    }),
  },
};
