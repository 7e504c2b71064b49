import { z } from 'zod';
import { contactUsFormInput } from '../forms.schema.js';
import {
  AUSTRALIAN_POINTS_RULES,
  australianPointsInput,
  calculateAustralianPoints,
  describeAustralianPointsAnswers,
} from './australia-points.js';
import { CRS_RULES, calculateCrs, crsInput, describeCrsAnswers } from './canada-crs.js';
import {
  ELIGIBILITY_TOOL_LABELS,
  type AnswerLine,
  type EligibilityResult,
  type EligibilityTool,
  type RulesInfo,
} from './result.js';

/** Every checker's rules, for the staff dashboard's "rules date" line. */
export const ELIGIBILITY_RULES: Record<EligibilityTool, RulesInfo> = {
  AU_POINTS: AUSTRALIAN_POINTS_RULES,
  CRS: CRS_RULES,
};

/** Rules last checked longer ago than this may have changed: the staff dashboard warns (issue 21). */
export const RULES_STALE_AFTER_MONTHS = 12;

/** Whether rules last checked on `checkedOn` (YYYY-MM-DD) were checked more than 12 months before `today`. */
export function rulesAreStale(checkedOn: string, today = new Date()): boolean {
  const limit = new Date(`${checkedOn}T00:00:00Z`);
  limit.setUTCMonth(limit.getUTCMonth() + RULES_STALE_AFTER_MONTHS);
  return today.getTime() > limit.getTime();
}

// Kept with the checker's result (light: no rules), so a form's code can name a checker without loading them.
export { ELIGIBILITY_TOOL_LABELS };

/**
 * A checker's answers sent with an enquiry ("Send this to a counsellor"): only the answers travel; the server works
 * the score out again with the same rules, so a lead never carries a score the visitor typed.
 */
export const eligibilityAttachment = z.discriminatedUnion('tool', [
  z.object({ tool: z.literal('AU_POINTS'), answers: australianPointsInput }),
  z.object({ tool: z.literal('CRS'), answers: crsInput }),
]);
export type EligibilityAttachment = z.output<typeof eligibilityAttachment>;

/** What a lead keeps of a sent result: the answers in words and the score with its breakdown, as computed then. */
export interface LeadEligibility {
  tool: EligibilityTool;
  answers: AnswerLine[];
  result: EligibilityResult;
}

export function scoreOf(attachment: EligibilityAttachment): EligibilityResult {
  return attachment.tool === 'AU_POINTS'
    ? calculateAustralianPoints(attachment.answers)
    : calculateCrs(attachment.answers);
}

export function answersOf(attachment: EligibilityAttachment): AnswerLine[] {
  return attachment.tool === 'AU_POINTS'
    ? describeAustralianPointsAnswers(attachment.answers)
    : describeCrsAnswers(attachment.answers);
}

export function leadEligibilityOf(attachment: EligibilityAttachment): LeadEligibility {
  return { tool: attachment.tool, answers: answersOf(attachment), result: scoreOf(attachment) };
}

/** The score in one line, e.g. "Australian points test: 75 points (pass mark 65)". */
export function scoreSummary({ tool, result }: Pick<LeadEligibility, 'tool' | 'result'>): string {
  const mark = result.passMark === null ? '' : ` (pass mark ${result.passMark})`;
  return `${ELIGIBILITY_TOOL_LABELS[tool]}: ${result.total} points${mark}`;
}

/**
 * The enquiry as the server takes it: the spec's fields and, optionally, a checker's answers. Kept apart from
 * `contactUsFormInput` so the rules load only where a checker is used (the enquiry form's bundle stays as it was).
 */
export const enquiryWithEligibilityInput = contactUsFormInput.extend({
  eligibility: eligibilityAttachment.nullish().transform((value) => value ?? null),
});
export type EnquiryWithEligibilityInput = z.output<typeof enquiryWithEligibilityInput>;
