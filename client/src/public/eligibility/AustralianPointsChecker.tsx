import { useEffect, useId, useMemo, useState, type JSX, type ReactNode } from 'react';
import {
  AU_ENGLISH_LEVELS,
  AU_PARTNER_SITUATIONS,
  AU_QUALIFICATIONS,
  AU_REGIONAL_SPONSORS,
  AU_SUBCLASSES,
  AUSTRALIAN_POINTS_RULES,
  australianPointsInput,
  calculateAustralianPoints,
  type AuEnglishLevel,
  type AuPartnerSituation,
  type AuQualification,
  type AuRegionalSponsor,
  type AustralianPointsAnswers,
  type AuSubclass,
} from '../../../../shared/eligibility/australia-points.js';
import type { EligibilityResult } from '../../../../shared/eligibility/result.js';
import ui from '../ui/ui.module.css';
import au from './australia-points.module.css';
import { BreakdownHead, describedBy, FieldNote, longDate } from './checker-parts.js';

/**
 * Australia's skilled-visa points test for visitors (issue 21): six short steps of plain radios, checkboxes and
 * number fields, the total kept in view (a sticky summary beside the steps on wide screens, a bar at the bottom on
 * phones) and read out by a polite live region. The score comes from `calculateAustralianPoints`, the function the
 * server runs again for a lead, so what the visitor sees is what staff see.
 */

export interface AustralianPointsCheckerProps {
  /**
   * Shown under the result, e.g. "Send this to a counsellor". `answers` is null while a question is unanswered or
   * an answer is invalid; `result` is the estimate shown (unanswered questions count as no points).
   */
  footer?: (answers: AustralianPointsAnswers | null, result: EligibilityResult) => ReactNode;
}

/** The form as typed: choices not made yet are null, numbers are the fields' text. */
interface Draft {
  age: string;
  english: AuEnglishLevel | null;
  communityLanguage: boolean;
  overseasEmploymentYears: string;
  australianEmploymentYears: string;
  qualification: AuQualification | null;
  specialistEducation: boolean;
  australianStudy: boolean;
  regionalStudy: boolean;
  professionalYear: boolean;
  partner: AuPartnerSituation | null;
  subclass: AuSubclass | null;
  regionalSponsor: AuRegionalSponsor | null;
}

type DraftField = keyof Draft;
type NumberQuestion = 'age' | 'overseasEmploymentYears' | 'australianEmploymentYears';
type ChoiceQuestion = 'english' | 'qualification' | 'partner' | 'subclass' | 'regionalSponsor';

const EMPTY_DRAFT: Draft = {
  age: '',
  english: null,
  communityLanguage: false,
  overseasEmploymentYears: '0',
  australianEmploymentYears: '0',
  qualification: null,
  specialistEducation: false,
  australianStudy: false,
  regionalStudy: false,
  professionalYear: false,
  partner: null,
  subclass: null,
  regionalSponsor: null,
};

/** The choices of each question, with a hint and the points each gives (from the same points table). */
interface Choice<T extends string> {
  value: T;
  title: string;
  hint?: string;
  points: string;
}

const ENGLISH_CHOICES: Choice<AuEnglishLevel>[] = [
  { value: 'COMPETENT', title: 'Competent', hint: 'IELTS 6 in each band, or equivalent', points: '0' },
  { value: 'PROFICIENT', title: 'Proficient', hint: 'IELTS 7 in each band, or equivalent', points: '+10' },
  { value: 'SUPERIOR', title: 'Superior', hint: 'IELTS 8 in each band, or equivalent', points: '+20' },
];

const QUALIFICATION_CHOICES: Choice<AuQualification>[] = [
  { value: 'DOCTORATE', title: 'Doctorate (PhD)', points: '+20' },
  { value: 'BACHELOR_OR_MASTERS', title: 'Bachelor or Masters degree', points: '+15' },
  {
    value: 'DIPLOMA_OR_TRADE',
    title: 'Diploma or trade qualification',
    hint: 'From an Australian institution',
    points: '+10',
  },
  {
    value: 'OTHER_RECOGNISED',
    title: 'Another recognised qualification',
    hint: 'Recognised by your skills assessing authority',
    points: '+10',
  },
  { value: 'NONE', title: 'None of these', points: '0' },
];

const PARTNER_CHOICES: Choice<AuPartnerSituation>[] = [
  {
    value: 'SINGLE_OR_AUSTRALIAN_PARTNER',
    title: 'Single, or my partner is an Australian citizen or permanent resident',
    points: '+10',
  },
  {
    value: 'PARTNER_SKILLED',
    title: 'My partner has Competent English and a skills assessment',
    hint: 'Partner under 45, occupation on the same list as yours',
    points: '+10',
  },
  { value: 'PARTNER_COMPETENT_ENGLISH', title: 'My partner has Competent English only', points: '+5' },
  { value: 'PARTNER_NEITHER', title: 'My partner has neither', points: '0' },
];

const SUBCLASS_CHOICES: Choice<AuSubclass>[] = [
  { value: '189', title: 'Skilled Independent (189)', hint: 'Permanent, no nomination needed', points: '0' },
  {
    value: '190',
    title: 'Skilled Nominated (190)',
    hint: 'Permanent, nominated by a state or territory',
    points: '+5',
  },
  {
    value: '491',
    title: 'Skilled Work Regional (491)',
    hint: 'Provisional, live and work in regional Australia',
    points: '+15',
  },
];

const SPONSOR_CHOICES: Choice<AuRegionalSponsor>[] = [
  { value: 'STATE_OR_TERRITORY', title: 'Nominated by a state or territory government', points: '+15' },
  {
    value: 'ELIGIBLE_RELATIVE',
    title: 'Sponsored by an eligible relative',
    hint: 'Living in a designated regional area',
    points: '+15',
  },
  { value: 'NONE', title: 'Not yet', points: '0' },
];

/** A claim the visitor ticks if it applies to them: each adds points on its own. */
interface Claim {
  field: 'communityLanguage' | 'specialistEducation' | 'australianStudy' | 'regionalStudy' | 'professionalYear';
  title: string;
  hint?: string;
  points: string;
}

const COMMUNITY_LANGUAGE_CLAIM: Claim = {
  field: 'communityLanguage',
  title: 'I hold a NAATI credentialled community language qualification',
  points: '+5',
};

const STUDY_CLAIMS: Claim[] = [
  {
    field: 'specialistEducation',
    title: 'Masters by research or doctorate in a STEM field from an Australian institution',
    points: '+10',
  },
  {
    field: 'australianStudy',
    title: 'I meet the Australian study requirement',
    hint: 'At least 2 academic years of study in Australia',
    points: '+5',
  },
  { field: 'regionalStudy', title: 'I lived and studied in regional Australia for that qualification', points: '+5' },
  {
    field: 'professionalYear',
    title: 'I completed a Professional Year in Australia',
    hint: 'Accounting, ICT or engineering, in the last 4 years',
    points: '+5',
  },
];

/** Both work questions ask for years in the last 10, in half years. */
const EMPLOYMENT_YEARS = { min: 0, max: 10, step: 0.5, inputMode: 'decimal', suffix: 'years' } as const;

// The lists above must offer every value of the rules, in their order.
const CHOICE_LISTS: [readonly string[], Choice<string>[]][] = [
  [AU_ENGLISH_LEVELS, ENGLISH_CHOICES],
  [AU_QUALIFICATIONS, QUALIFICATION_CHOICES],
  [AU_PARTNER_SITUATIONS, PARTNER_CHOICES],
  [AU_SUBCLASSES, SUBCLASS_CHOICES],
  [AU_REGIONAL_SPONSORS, SPONSOR_CHOICES],
];
if (import.meta.env.DEV) {
  for (const [values, choices] of CHOICE_LISTS) {
    if (values.join() !== choices.map((choice) => choice.value).join()) console.error('Checker choices differ', values);
  }
}

function numberOf(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The answers as the schema reads them (undefined for what is not answered). */
function inputOf(draft: Draft): Record<string, unknown> {
  return {
    ...draft,
    age: numberOf(draft.age),
    overseasEmploymentYears: numberOf(draft.overseasEmploymentYears),
    australianEmploymentYears: numberOf(draft.australianEmploymentYears),
    english: draft.english ?? undefined,
    qualification: draft.qualification ?? undefined,
    partner: draft.partner ?? undefined,
    subclass: draft.subclass ?? undefined,
  };
}

/** The answers the estimate uses: what is not answered yet counts for no points. */
function estimateOf(draft: Draft): AustralianPointsAnswers {
  return {
    subclass: draft.subclass ?? '189',
    age: numberOf(draft.age) ?? 0,
    english: draft.english ?? 'COMPETENT',
    overseasEmploymentYears: numberOf(draft.overseasEmploymentYears) ?? 0,
    australianEmploymentYears: numberOf(draft.australianEmploymentYears) ?? 0,
    qualification: draft.qualification ?? 'NONE',
    specialistEducation: draft.specialistEducation,
    australianStudy: draft.australianStudy,
    professionalYear: draft.professionalYear,
    communityLanguage: draft.communityLanguage,
    regionalStudy: draft.regionalStudy,
    partner: draft.partner ?? 'PARTNER_NEITHER',
    regionalSponsor: draft.subclass === '491' ? (draft.regionalSponsor ?? 'NONE') : null,
  };
}

/** Which lines of the breakdown still wait for an answer. */
function unansweredFactors(draft: Draft): Set<string> {
  const factors = new Set<string>();
  const age = numberOf(draft.age);
  if (age === undefined || !Number.isInteger(age)) factors.add('age');
  if (!draft.english) factors.add('english');
  if (!draft.qualification) factors.add('qualification');
  if (!draft.partner) factors.add('partner');
  if (!draft.subclass || (draft.subclass === '491' && !draft.regionalSponsor)) factors.add('nomination');
  return factors;
}

function statusOf(result: EligibilityResult, complete: boolean): { text: string; reached: boolean } {
  const passMark = result.passMark ?? 0;
  if (!complete)
    return { text: `Answer every question for your full estimate. Pass mark ${passMark}.`, reached: false };
  if (result.total >= passMark) return { text: `Reaches the pass mark of ${passMark}`, reached: true };
  return { text: `${passMark - result.total} points below the pass mark of ${passMark}`, reached: false };
}

export function AustralianPointsChecker({ footer }: AustralianPointsCheckerProps): JSX.Element {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(new Set());

  const parsed = useMemo(() => australianPointsInput.safeParse(inputOf(draft)), [draft]);
  const answers = parsed.success ? parsed.data : null;
  const unanswered = useMemo(() => unansweredFactors(draft), [draft]);
  const result = useMemo(() => {
    const estimate = calculateAustralianPoints(estimateOf(draft));
    // Suggestions only about what the visitor has told us.
    return { ...estimate, suggestions: estimate.suggestions.filter((s) => !unanswered.has(s.factor)) };
  }, [draft, unanswered]);
  const complete = answers !== null;
  const status = statusOf(result, complete);

  const errors = useMemo(() => {
    const found: Partial<Record<DraftField, string>> = {};
    if (parsed.success) return found;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as DraftField;
      if (touched.has(field) && !found[field]) found[field] = issue.message;
    }
    return found;
  }, [parsed, touched]);

  // The live region speaks once the visitor pauses, not at every keystroke.
  const announcement = `Estimated total ${result.total} points. ${status.text}.`;
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    if (draft === EMPTY_DRAFT) return undefined;
    const timer = setTimeout(() => setSpoken(announcement), 600);
    return () => clearTimeout(timer);
  }, [announcement, draft]);

  function set<F extends DraftField>(field: F, value: Draft[F]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }
  function touch(field: DraftField) {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }

  // What each question's control takes from its field: its answer, its error, and how to change it.
  const numberProps = (field: NumberQuestion) => ({
    id: `${id}-${field}`,
    value: draft[field],
    error: errors[field],
    onChange: (value: string) => set(field, value),
    onBlur: () => touch(field),
  });
  const choiceProps = <F extends ChoiceQuestion>(field: F) => ({
    name: `${id}-${field}`,
    value: draft[field],
    onChange: (value: NonNullable<Draft[F]>) => set(field, value),
  });
  const claim = (claim: Claim) => (
    <Toggle key={claim.field} {...claim} checked={draft[claim.field]} onChange={(value) => set(claim.field, value)} />
  );

  const resultId = `${id}-result`;

  return (
    <div className={au.checker}>
      <form className={au.steps} aria-label="Australian points test" noValidate onSubmit={(e) => e.preventDefault()}>
        <Step number={1} title="About you">
          <NumberField
            {...numberProps('age')}
            label="Your age when invited to apply"
            hint="Points are given from 18 to 44. Subclasses 189, 190 and 491 need you to be under 45."
            min={18}
            max={99}
            step={1}
            inputMode="numeric"
            suffix="years"
          />
        </Step>

        <Step number={2} title="English">
          <ChoiceGroup {...choiceProps('english')} legend="Your English test result" choices={ENGLISH_CHOICES} />
          {claim(COMMUNITY_LANGUAGE_CLAIM)}
        </Step>

        <Step number={3} title="Work" hint="Skilled employment in your nominated or a closely related occupation.">
          <div className={ui.fieldPairsEarly}>
            <NumberField
              {...numberProps('overseasEmploymentYears')}
              {...EMPLOYMENT_YEARS}
              label="Years outside Australia in the last 10 years"
            />
            <NumberField
              {...numberProps('australianEmploymentYears')}
              {...EMPLOYMENT_YEARS}
              label="Years in Australia in the last 10 years"
            />
          </div>
          <p className={au.note}>Work outside and in Australia together gives at most 20 points.</p>
        </Step>

        <Step number={4} title="Study">
          <ChoiceGroup
            {...choiceProps('qualification')}
            legend="Your highest qualification"
            choices={QUALIFICATION_CHOICES}
          />
          <fieldset className={au.question}>
            <legend className={au.questionLegend}>Which of these apply to you?</legend>
            <div className={au.options}>{STUDY_CLAIMS.map(claim)}</div>
          </fieldset>
        </Step>

        <Step number={5} title="Partner">
          <ChoiceGroup {...choiceProps('partner')} legend="Your partner situation" choices={PARTNER_CHOICES} />
        </Step>

        <Step number={6} title="Visa">
          <ChoiceGroup {...choiceProps('subclass')} legend="The visa you are aiming for" choices={SUBCLASS_CHOICES} />
          {draft.subclass === '491' ? (
            <ChoiceGroup
              {...choiceProps('regionalSponsor')}
              legend="Nomination or sponsorship for subclass 491"
              choices={SPONSOR_CHOICES}
            />
          ) : null}
        </Step>
      </form>

      {/* Phones: the total stays in view at the bottom while the visitor works through the steps. */}
      <div className={au.bar}>
        <span className={au.barTotal}>
          <strong>{result.total}</strong> points
        </span>
        <span className={status.reached ? au.barReached : au.barShort}>
          {complete ? (status.reached ? 'Pass mark reached' : `Pass mark ${result.passMark}`) : 'Estimate so far'}
        </span>
        <a className={au.barLink} href={`#${resultId}`}>
          Breakdown
        </a>
      </div>

      <aside className={au.summary} aria-labelledby={`${resultId}-title`} id={resultId}>
        <div className={au.summaryCard}>
          <h3 className={au.summaryTitle} id={`${resultId}-title`}>
            Your estimate
          </h3>
          <p className={au.total}>
            <span className={au.totalNumber}>{result.total}</span> points
          </p>
          <div className={au.meter} aria-hidden="true">
            <progress className={au.progress} max={100} value={Math.min(result.total, 100)} />
            <span className={au.passTick} />
          </div>
          <p className={`${au.status} ${status.reached ? au.reached : au.short}`}>{status.text}</p>
          <span className={ui.visuallyHidden} role="status">
            {spoken}
          </span>
          <table className={au.breakdown}>
            <caption className={ui.visuallyHidden}>Your points by factor</caption>
            <BreakdownHead />
            <tbody>
              {result.breakdown.map((line) => (
                <tr key={line.factor} data-factor={line.factor}>
                  <th scope="row">
                    <span className={au.lineLabel}>{line.label}</span>
                    <span className={au.lineDetail}>
                      {unanswered.has(line.factor) ? 'Not answered yet' : line.detail}
                    </span>
                  </th>
                  <td>
                    <span className={line.points > 0 ? au.linePoints : au.lineZero}>{line.points}</span>
                    {line.max !== undefined ? <span className={au.lineMax}> / {line.max}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </aside>

      <section className={au.advice} aria-labelledby={`${id}-advice`}>
        <h3 className={ui.title3} id={`${id}-advice`}>
          How to raise your score
        </h3>
        {result.suggestions.length > 0 ? (
          <ul className={`${ui.plainList} ${au.suggestions}`}>
            {result.suggestions.map((suggestion) => (
              <li key={suggestion.text} className={au.suggestion}>
                <span className={au.gain}>+{suggestion.gain}</span>
                <span>{suggestion.text}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={au.note}>
            {complete
              ? 'Nothing quick left to add: your counsellor can check every claim with you.'
              : 'Answer the questions to see what would add points.'}
          </p>
        )}
        <div className={au.disclaimer}>
          <p>
            <strong>
              This is an estimate, not migration advice. A registered migration agent confirms your points.
            </strong>
          </p>
          <p>
            Rules as published by the {AUSTRALIAN_POINTS_RULES.publisher} on{' '}
            {longDate(AUSTRALIAN_POINTS_RULES.publishedOn)}:{' '}
            <a className={ui.link} href={AUSTRALIAN_POINTS_RULES.source} target="_blank" rel="noopener noreferrer">
              the points table (opens in a new tab)
            </a>
            .
          </p>
        </div>
        {footer ? <div className={au.footer}>{footer(answers, result)}</div> : null}
      </section>
    </div>
  );
}

function Step({
  number,
  title,
  hint,
  children,
}: {
  number: number;
  title: string;
  hint?: string;
  children: ReactNode;
}): JSX.Element {
  return (
    <fieldset className={au.step}>
      <legend className={au.stepLegend}>
        <span className={au.stepNumber} aria-hidden="true">
          {number}
        </span>
        <span className={ui.visuallyHidden}>Step {number} of 6: </span>
        {title}
      </legend>
      {hint ? <p className={au.note}>{hint}</p> : null}
      <div className={au.stepBody}>{children}</div>
    </fieldset>
  );
}

function ChoiceGroup<T extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  choices: Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
}): JSX.Element {
  return (
    <fieldset className={au.question}>
      <legend className={au.questionLegend}>{legend}</legend>
      <div className={au.options}>
        {choices.map((choice) => (
          <OptionRow key={choice.value} {...choice}>
            <input
              className={au.control}
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
          </OptionRow>
        ))}
      </div>
    </fieldset>
  );
}

function Toggle({
  checked,
  onChange,
  ...claim
}: Claim & { checked: boolean; onChange: (value: boolean) => void }): JSX.Element {
  return (
    <OptionRow {...claim}>
      <input
        className={au.control}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </OptionRow>
  );
}

/** One radio or checkbox (the children) with its title, hint and the points it gives. */
function OptionRow({
  title,
  hint,
  points,
  children,
}: {
  title: string;
  hint?: string;
  points: string;
  children: ReactNode;
}): JSX.Element {
  return (
    <label className={au.option}>
      {children}
      <span className={au.optionText}>
        <span className={au.optionTitle}>{title}</span>
        {hint ? <span className={au.optionHint}>{hint}</span> : null}
      </span>
      <span className={au.optionPoints}>{points}</span>
    </label>
  );
}

function NumberField({
  id,
  label,
  hint,
  value,
  error,
  min,
  max,
  step,
  inputMode,
  suffix,
  onChange,
  onBlur,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error?: string;
  min: number;
  max: number;
  step: number;
  inputMode: 'numeric' | 'decimal';
  suffix: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}): JSX.Element {
  return (
    <div className={au.field}>
      <label className={au.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <FieldNote id={`${id}-hint`} text={hint} className={au.fieldHint} />
      <span className={au.inputRow}>
        <input
          id={id}
          className={au.input}
          type="number"
          min={min}
          max={max}
          step={step}
          inputMode={inputMode}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
        />
        <span className={au.inputSuffix} aria-hidden="true">
          {suffix}
        </span>
      </span>
      <FieldNote id={`${id}-error`} text={error} className={au.fieldError} />
    </div>
  );
}
