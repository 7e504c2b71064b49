/**
 * What an eligibility checker answers (issue 21): the same pure functions run in the browser, on the server for a
 * lead and for GraphQL callers, so a score is computed one way only.
 */

/** Which checker: Australia's skilled-visa points test, or Canada's Comprehensive Ranking System. */
export const ELIGIBILITY_TOOLS = ['AU_POINTS', 'CRS'] as const;
export type EligibilityTool = (typeof ELIGIBILITY_TOOLS)[number];

/** What a checker is called where a visitor or staff member reads it. */
export const ELIGIBILITY_TOOL_LABELS: Record<EligibilityTool, string> = {
  AU_POINTS: 'Australian points test',
  CRS: 'Canada CRS score',
};

/** The rules a checker implements, as the page and the staff dashboard show them. */
export interface RulesInfo {
  /** e.g. "Australian skilled migration points test". */
  name: string;
  /** e.g. "Department of Home Affairs". */
  publisher: string;
  /** The date of the published rules the tables were taken from, `YYYY-MM-DD`. */
  publishedOn: string;
  /**
   * When the tables were last compared with the official rules, `YYYY-MM-DD`: the staff dashboard warns once this
   * is more than 12 months ago (rules change without notice to us).
   */
  checkedOn: string;
  /** The official page of the rules. */
  source: string;
}

/** One factor of the score. */
export interface ScoreLine {
  /** A stable key, e.g. `age`, `english`. */
  factor: string;
  /** The factor as visitors read it, e.g. "Age". */
  label: string;
  points: number;
  /** The most this factor can give (omitted where there is no single maximum). */
  max?: number;
  /** Why, in words, e.g. "33 years old: 25–32 band ends at 32, so 33–39". */
  detail?: string;
}

/** A change that would raise the score, e.g. "A Superior English result adds 10 points". */
export interface ScoreSuggestion {
  factor: string;
  text: string;
  /** Points it would add. */
  gain: number;
}

export interface EligibilityResult {
  tool: EligibilityTool;
  total: number;
  breakdown: ScoreLine[];
  /** The largest gains first. */
  suggestions: ScoreSuggestion[];
  /** The pass mark where the program has one (65 for the Australian points test); else null. */
  passMark: number | null;
  rules: RulesInfo;
}

/** Each answer as staff and visitors read it: [question, answer]. */
export type AnswerLine = [question: string, answer: string];
