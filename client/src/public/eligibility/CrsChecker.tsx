import { useEffect, useId, useMemo, useRef, useState, type JSX, type ReactNode } from 'react';
import {
  calculateCrs,
  CANADIAN_STUDY_LABELS,
  CANADIAN_WORK_LABELS,
  CLB_CHOICES,
  CRS_EDUCATION_LABELS,
  CRS_MARITAL_STATUS_LABELS,
  CRS_MAX_TOTAL,
  CRS_QUESTIONS,
  CRS_RULES,
  crsInput,
  crsSections,
  FOREIGN_WORK_LABELS,
  FRENCH_ABILITY_LABELS,
  isWithSpouse,
  LANGUAGE_ABILITIES,
  LANGUAGE_ABILITY_LABELS,
  type CanadianStudy,
  type ClbScores,
  type CrsAnswers,
  type CrsEducation,
  type CrsMaritalStatus,
  type FrenchAbility,
  type LanguageAbility,
} from '../../../../shared/eligibility/canada-crs.js';
import type { EligibilityResult } from '../../../../shared/eligibility/result.js';
import { optionsOf } from '../forms/form-options.js';
import ui from '../ui/ui.module.css';
import css from './canada-crs.module.css';
import { BreakdownHead, describedBy, FieldNote, longDate } from './checker-parts.js';

export interface CrsCheckerProps {
  /** Rendered under the result once every question is answered (e.g. "Send this to a counsellor"). */
  footer?: (answers: CrsAnswers, result: EligibilityResult) => ReactNode;
}

type YesNo = '' | 'yes' | 'no';

/** The form's state: what the visitor has chosen so far, unanswered questions empty. */
interface Draft {
  maritalStatus: CrsMaritalStatus | '';
  partnerIsCanadian: YesNo;
  partnerComing: YesNo;
  age: string;
  education: CrsEducation | '';
  firstLanguage: ClbScores;
  secondLanguage: ClbScores;
  frenchAbility: FrenchAbility;
  canadianWork: number;
  foreignWork: number;
  tradeCertificate: YesNo;
  spouseEducation: CrsEducation | '';
  spouseLanguage: ClbScores;
  spouseCanadianWork: number;
  provincialNomination: YesNo;
  canadianStudy: CanadianStudy;
  siblingInCanada: YesNo;
}

const NO_TEST: ClbScores = { speaking: 0, listening: 0, reading: 0, writing: 0 };

const INITIAL: Draft = {
  maritalStatus: '',
  partnerIsCanadian: '',
  partnerComing: '',
  age: '',
  education: '',
  firstLanguage: NO_TEST,
  secondLanguage: NO_TEST,
  frenchAbility: 'NONE',
  canadianWork: 0,
  foreignWork: 0,
  tradeCertificate: 'no',
  spouseEducation: '',
  spouseLanguage: NO_TEST,
  spouseCanadianWork: 0,
  provincialNomination: 'no',
  canadianStudy: 'NONE',
  siblingInCanada: 'no',
};

function yesNo(value: YesNo): boolean | null {
  return value === '' ? null : value === 'yes';
}

function noTest(scores: ClbScores): boolean {
  return LANGUAGE_ABILITIES.every((ability) => scores[ability] === 0);
}

/** The draft as the shared schema reads it. */
function toInput(draft: Draft): Record<string, unknown> {
  return {
    maritalStatus: draft.maritalStatus || undefined,
    partnerIsCanadian: yesNo(draft.partnerIsCanadian),
    partnerComing: yesNo(draft.partnerComing),
    age: draft.age.trim() === '' ? undefined : Number(draft.age),
    education: draft.education || undefined,
    firstLanguage: draft.firstLanguage,
    secondLanguage: noTest(draft.secondLanguage) ? null : draft.secondLanguage,
    frenchAbility: draft.frenchAbility,
    canadianWork: draft.canadianWork,
    foreignWork: draft.foreignWork,
    tradeCertificate: yesNo(draft.tradeCertificate),
    spouseEducation: draft.spouseEducation || null,
    spouseLanguage: noTest(draft.spouseLanguage) ? null : draft.spouseLanguage,
    spouseCanadianWork: draft.spouseCanadianWork,
    provincialNomination: yesNo(draft.provincialNomination),
    canadianStudy: draft.canadianStudy,
    siblingInCanada: yesNo(draft.siblingInCanada),
  };
}

/** The answers to score while some are still missing: an unanswered question scores as its lowest answer. */
function provisional(draft: Draft): CrsAnswers {
  const age = Number(draft.age);
  const answers: CrsAnswers = {
    maritalStatus: draft.maritalStatus || 'SINGLE',
    partnerIsCanadian: yesNo(draft.partnerIsCanadian),
    partnerComing: yesNo(draft.partnerComing),
    age: draft.age.trim() !== '' && Number.isInteger(age) ? age : 0,
    education: draft.education || 'LESS_THAN_SECONDARY',
    firstLanguage: draft.firstLanguage,
    secondLanguage: noTest(draft.secondLanguage) ? null : draft.secondLanguage,
    frenchAbility: draft.frenchAbility,
    canadianWork: draft.canadianWork,
    foreignWork: draft.foreignWork,
    tradeCertificate: draft.tradeCertificate === 'yes',
    spouseEducation: draft.spouseEducation || null,
    spouseLanguage: noTest(draft.spouseLanguage) ? null : draft.spouseLanguage,
    spouseCanadianWork: draft.spouseCanadianWork,
    provincialNomination: draft.provincialNomination === 'yes',
    canadianStudy: draft.canadianStudy,
    siblingInCanada: draft.siblingInCanada === 'yes',
  };
  return answers;
}

/** Questions answered Yes or No. */
type YesNoQuestion = {
  [K in keyof Draft]: Draft[K] extends YesNo ? K : never;
}[keyof Draft];
/** Questions answered by choosing a number of years from a select. */
type YearsQuestion = 'canadianWork' | 'foreignWork' | 'spouseCanadianWork';
/** Questions answered by choosing one of an enumeration's values from a select. */
type ChoiceQuestion = 'maritalStatus' | 'education' | 'frenchAbility' | 'spouseEducation' | 'canadianStudy';

type StepKey = 'partner' | 'ageEducation' | 'languages' | 'work' | 'spouse' | 'additional';

const STEPS: readonly { key: StepKey; title: string; fields: readonly string[] }[] = [
  { key: 'partner', title: 'You and your partner', fields: ['maritalStatus', 'partnerIsCanadian', 'partnerComing'] },
  { key: 'ageEducation', title: 'Age and education', fields: ['age', 'education'] },
  { key: 'languages', title: 'Languages', fields: ['firstLanguage', 'secondLanguage', 'frenchAbility'] },
  { key: 'work', title: 'Work', fields: ['canadianWork', 'foreignWork', 'tradeCertificate'] },
  { key: 'spouse', title: 'Partner', fields: ['spouseEducation', 'spouseLanguage', 'spouseCanadianWork'] },
  { key: 'additional', title: 'Additional', fields: ['provincialNomination', 'canadianStudy', 'siblingInCanada'] },
];

function grouped(value: number): string {
  return value.toLocaleString('en-US');
}

const MARITAL_STATUS_OPTIONS = optionsOf(CRS_MARITAL_STATUS_LABELS);
const EDUCATION_OPTIONS = optionsOf(CRS_EDUCATION_LABELS);
const FRENCH_ABILITY_OPTIONS = optionsOf(FRENCH_ABILITY_LABELS);
const CANADIAN_STUDY_OPTIONS = optionsOf(CANADIAN_STUDY_LABELS);
const CANADIAN_WORK_OPTIONS = CANADIAN_WORK_LABELS.map((label, value) => ({ value: String(value), label }));
const FOREIGN_WORK_OPTIONS = FOREIGN_WORK_LABELS.map((label, value) => ({ value: String(value), label }));
const CLB_OPTIONS = CLB_CHOICES.map(({ value, label }) => ({ value: String(value), label }));

/** Canada's Comprehensive Ranking System checker: six short steps, the running total and the breakdown. */
export function CrsChecker({ footer }: CrsCheckerProps): JSX.Element {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(INITIAL);
  const [stepIndex, setStepIndex] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const { parsed, answers, result } = useMemo(() => {
    const checked = crsInput.safeParse(toInput(draft));
    const scored = checked.success ? checked.data : provisional(draft);
    return { parsed: checked, answers: scored, result: calculateCrs(scored) };
  }, [draft]);
  const sections = crsSections(result);
  const withSpouse = isWithSpouse(answers);
  const steps = STEPS.filter((step) => step.key !== 'spouse' || withSpouse);
  const step = steps[Math.min(stepIndex, steps.length - 1)]!;
  const last = stepIndex >= steps.length - 1;

  useEffect(() => {
    // Focus follows the step the visitor moved to (not on the first render).
    if (moved.current) stepHeading.current?.focus();
  }, [stepIndex]);

  function set<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  }

  /** The current step's problems, shown by their fields; true when there are none. */
  function checkStep(): boolean {
    if (parsed.success) {
      setErrors({});
      return true;
    }
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (step.fields.includes(field) && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
    const first = step.fields.find((field) => found[field]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
    return !first;
  }

  function goTo(index: number) {
    moved.current = true;
    setStepIndex(index);
  }

  function next() {
    if (!checkStep()) return;
    if (last) {
      resultHeading.current?.focus();
      return;
    }
    goTo(stepIndex + 1);
  }

  const fieldId = (name: string) => `${id}-${name}`;
  const error = (name: string) => errors[name];
  // What each question's control takes from its field: its id, the answer, its error, and how to change it.
  const yesNoProps = (field: YesNoQuestion) => ({
    id: fieldId(field),
    value: draft[field],
    error: error(field),
    onChange: (value: YesNo) => set(field, value),
  });
  const choiceProps = <F extends ChoiceQuestion>(field: F) => ({
    id: fieldId(field),
    value: draft[field],
    error: error(field),
    onChange: (value: string) => set(field, value as Draft[F]),
  });
  const yearsProps = (field: YearsQuestion) => ({
    id: fieldId(field),
    value: String(draft[field]),
    onChange: (value: string) => set(field, Number(value)),
  });

  return (
    <div className={css.checker}>
      <div className={css.layout}>
        <form
          className={css.form}
          aria-label="Comprehensive Ranking System checker"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <nav aria-label="Steps">
            <ol className={css.steps}>
              {steps.map((candidate, index) => (
                <li key={candidate.key} className={css.stepItem}>
                  <button
                    type="button"
                    className={css.stepButton}
                    aria-current={index === stepIndex ? 'step' : undefined}
                    data-done={index < stepIndex ? 'true' : undefined}
                    onClick={() => goTo(index)}
                  >
                    <span className={css.stepNumber} aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className={css.stepName}>{candidate.title}</span>
                  </button>
                </li>
              ))}
            </ol>
          </nav>

          <fieldset className={css.step} key={step.key}>
            <legend className={css.legend}>
              <h3 className={css.stepTitle} ref={stepHeading} tabIndex={-1}>
                <span className={css.stepCount}>
                  Step {stepIndex + 1} of {steps.length}
                </span>{' '}
                {step.title}
              </h3>
            </legend>

            {step.key === 'partner' ? (
              <>
                <SelectField
                  {...choiceProps('maritalStatus')}
                  label={CRS_QUESTIONS.maritalStatus}
                  placeholder="Choose your marital status"
                  options={MARITAL_STATUS_OPTIONS}
                />
                {draft.maritalStatus === 'MARRIED' || draft.maritalStatus === 'COMMON_LAW' ? (
                  <YesNoField {...yesNoProps('partnerIsCanadian')} legend={CRS_QUESTIONS.partnerIsCanadian} />
                ) : null}
                {(draft.maritalStatus === 'MARRIED' || draft.maritalStatus === 'COMMON_LAW') &&
                draft.partnerIsCanadian === 'no' ? (
                  <YesNoField {...yesNoProps('partnerComing')} legend={CRS_QUESTIONS.partnerComing} />
                ) : null}
                <p className={css.note}>
                  {withSpouse
                    ? 'Your partner comes with you: you are scored with the tables for couples, and your partner’s education, language and Canadian work count too (step “Partner”).'
                    : 'You are scored as a single applicant: that is also the case when your partner is a Canadian citizen or permanent resident, or stays behind.'}
                </p>
              </>
            ) : null}

            {step.key === 'ageEducation' ? (
              <>
                <div className={css.field}>
                  <label className={css.label} htmlFor={fieldId('age')}>
                    {CRS_QUESTIONS.age} <span className={css.hint}>(in whole years)</span>
                  </label>
                  <input
                    id={fieldId('age')}
                    className={css.input}
                    type="number"
                    inputMode="numeric"
                    min={16}
                    max={100}
                    step={1}
                    value={draft.age}
                    aria-invalid={error('age') ? true : undefined}
                    aria-describedby={describedBy(fieldId('age'), undefined, error('age'))}
                    onChange={(event) => set('age', event.target.value)}
                  />
                  <FieldNote id={`${fieldId('age')}-error`} text={error('age')} className={css.error} />
                </div>
                <SelectField
                  {...choiceProps('education')}
                  label={CRS_QUESTIONS.education}
                  hint="Your highest credential. One from outside Canada needs an Educational Credential Assessment (ECA)."
                  placeholder="Choose your level of education"
                  options={EDUCATION_OPTIONS}
                />
              </>
            ) : null}

            {step.key === 'languages' ? (
              <>
                <ClbFields
                  id={fieldId('firstLanguage')}
                  legend={CRS_QUESTIONS.firstLanguage}
                  hint="Your result in each ability as a Canadian Language Benchmark (CLB) level."
                  value={draft.firstLanguage}
                  onChange={(value) => set('firstLanguage', value)}
                />
                <ClbGuide />
                <ClbFields
                  id={fieldId('secondLanguage')}
                  legend={`${CRS_QUESTIONS.secondLanguage} (optional)`}
                  hint="The other of English and French, if you have a test result."
                  value={draft.secondLanguage}
                  onChange={(value) => set('secondLanguage', value)}
                />
                <SelectField
                  {...choiceProps('frenchAbility')}
                  label={CRS_QUESTIONS.frenchAbility}
                  options={FRENCH_ABILITY_OPTIONS}
                />
              </>
            ) : null}

            {step.key === 'work' ? (
              <>
                <SelectField
                  {...yearsProps('canadianWork')}
                  label={CRS_QUESTIONS.canadianWork}
                  hint="Skilled, paid work in Canada in the last 10 years."
                  options={CANADIAN_WORK_OPTIONS}
                />
                <SelectField
                  {...yearsProps('foreignWork')}
                  label={CRS_QUESTIONS.foreignWork}
                  hint="Skilled, paid work outside Canada in the last 10 years."
                  options={FOREIGN_WORK_OPTIONS}
                />
                <YesNoField {...yesNoProps('tradeCertificate')} legend={CRS_QUESTIONS.tradeCertificate} />
              </>
            ) : null}

            {step.key === 'spouse' ? (
              <>
                <SelectField
                  {...choiceProps('spouseEducation')}
                  label={CRS_QUESTIONS.spouseEducation}
                  placeholder="Choose your partner’s level of education"
                  options={EDUCATION_OPTIONS}
                />
                <ClbFields
                  id={fieldId('spouseLanguage')}
                  legend={CRS_QUESTIONS.spouseLanguage}
                  hint="Leave “Below CLB 4” if your partner has no test result."
                  value={draft.spouseLanguage}
                  onChange={(value) => set('spouseLanguage', value)}
                />
                <SelectField
                  {...yearsProps('spouseCanadianWork')}
                  label={CRS_QUESTIONS.spouseCanadianWork}
                  options={CANADIAN_WORK_OPTIONS}
                />
              </>
            ) : null}

            {step.key === 'additional' ? (
              <>
                <YesNoField
                  {...yesNoProps('provincialNomination')}
                  legend={CRS_QUESTIONS.provincialNomination}
                  hint="A nomination certificate from a province's or territory's nominee program."
                />
                <SelectField
                  {...choiceProps('canadianStudy')}
                  label={CRS_QUESTIONS.canadianStudy}
                  options={CANADIAN_STUDY_OPTIONS}
                />
                <YesNoField {...yesNoProps('siblingInCanada')} legend={CRS_QUESTIONS.siblingInCanada} />
                <p className={css.note}>
                  A job offer no longer adds points: IRCC removed them on 25 March 2025. It can still make you eligible
                  for a program.
                </p>
              </>
            ) : null}
          </fieldset>

          <div className={css.actions}>
            {stepIndex > 0 ? (
              <button
                type="button"
                className={`${ui.button} ${ui.outline} ${ui.large}`}
                onClick={() => goTo(stepIndex - 1)}
              >
                Back
              </button>
            ) : (
              <span />
            )}
            <button type="submit" className={`${ui.button} ${ui.large}`}>
              {last ? 'See my result' : `Next: ${steps[stepIndex + 1]!.title}`}
            </button>
          </div>
        </form>

        <aside className={css.summary} aria-label="Your CRS estimate">
          <p className={css.summaryLabel} aria-hidden="true">
            <span className={css.wideOnly}>Your </span>CRS estimate
          </p>
          <p className={css.summaryTotal}>
            <span className={css.totalNumber}>{grouped(result.total)}</span>
            <span className={css.totalOf}> / {grouped(CRS_MAX_TOTAL)}</span>
          </p>
          <p role="status" className={ui.visuallyHidden}>
            {`Estimated score: ${grouped(result.total)} out of ${grouped(CRS_MAX_TOTAL)}`}
          </p>
          <ul className={css.summarySections}>
            {sections.map((section) => (
              <li key={section.key} className={css.summarySection}>
                <span className={css.summarySectionName}>{section.label}</span>
                <span className={css.summarySectionPoints}>
                  {section.max === 0 ? 'not counted' : `${section.points} / ${section.max}`}
                </span>
                <progress
                  className={css.bar}
                  value={section.points}
                  max={Math.max(section.max, 1)}
                  aria-hidden="true"
                />
              </li>
            ))}
          </ul>
          <a className={css.summaryLink} href={`#${id}-result`}>
            See the breakdown
          </a>
        </aside>
      </div>

      <section className={css.result} id={`${id}-result`} aria-labelledby={`${id}-result-title`}>
        <h3 className={css.resultTitle} id={`${id}-result-title`} ref={resultHeading} tabIndex={-1}>
          Your estimated score: {grouped(result.total)} of {grouped(CRS_MAX_TOTAL)}
        </h3>
        {!parsed.success ? (
          <p className={css.note}>Some questions are not answered yet: they count as no points for now.</p>
        ) : null}

        <div className={css.breakdown}>
          {sections.map((section) => (
            <table key={section.key} className={css.table}>
              <caption className={css.caption}>
                <span className={css.captionInner}>
                  <span>{section.label}</span>
                  <span className={css.captionPoints}>
                    {section.max === 0 ? 'Not counted' : `${section.points} of ${section.max}`}
                  </span>
                </span>
              </caption>
              <BreakdownHead />
              <tbody>
                {section.lines.length === 0 ? (
                  <tr>
                    <td className={css.factorCell} colSpan={2}>
                      <span className={css.detail}>
                        Your partner’s factors count only when your partner comes to Canada and is not a Canadian
                        citizen or permanent resident.
                      </span>
                    </td>
                  </tr>
                ) : null}
                {section.lines.map((line) => (
                  <tr key={line.factor}>
                    <th scope="row" className={css.factorCell}>
                      <span className={css.factorName}>{line.label}</span>
                      <span className={css.detail}>
                        {line.factor === 'core.age' && draft.age.trim() === '' ? 'Not answered yet' : line.detail}
                      </span>
                    </th>
                    <td className={css.pointsCell}>
                      <span className={css.points}>{line.points}</span>
                      {line.max !== undefined ? <span className={css.max}> / {line.max}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>

        {result.suggestions.length > 0 ? (
          <div className={css.suggestions}>
            <h4 className={css.subTitle}>What would raise your score</h4>
            <ol className={css.suggestionList}>
              {result.suggestions.map((suggestion) => (
                <li key={suggestion.text} className={css.suggestion}>
                  <span className={css.gain} aria-hidden="true">
                    +{suggestion.gain}
                  </span>
                  <span>{suggestion.text}</span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}

        <div className={css.fineprint}>
          <p className={css.disclaimer}>
            This is an estimate, not immigration advice. A licensed consultant confirms your score.
          </p>
          <p>
            Rules as published by IRCC on{' '}
            <time dateTime={CRS_RULES.publishedOn}>{longDate(CRS_RULES.publishedOn)}</time>:{' '}
            <a className={ui.link} href={CRS_RULES.source} rel="noopener noreferrer" target="_blank">
              {CRS_RULES.name} criteria<span className={ui.visuallyHidden}> (opens in a new tab)</span>
            </a>
            .
          </p>
        </div>

        {footer && parsed.success ? <div className={css.footer}>{footer(parsed.data, result)}</div> : null}
      </section>
    </div>
  );
}

interface Option {
  value: string;
  label: string;
}

function SelectField({
  id,
  label,
  hint,
  value,
  placeholder,
  options,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  placeholder?: string;
  options: readonly Option[];
  error?: string;
  onChange: (value: string) => void;
}): JSX.Element {
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      <FieldNote id={`${id}-hint`} text={hint} className={css.hint} />
      <select
        id={id}
        className={css.select}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNote id={`${id}-error`} text={error} className={css.error} />
    </div>
  );
}

function YesNoField({
  id,
  legend,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  legend: string;
  hint?: string;
  value: YesNo;
  error?: string;
  onChange: (value: YesNo) => void;
}): JSX.Element {
  return (
    <fieldset className={css.group} aria-describedby={describedBy(id, hint, error)}>
      <legend className={css.label}>{legend}</legend>
      <FieldNote id={`${id}-hint`} text={hint} className={css.hint} />
      <div className={css.choices}>
        {(['yes', 'no'] as const).map((choice, index) => (
          <label key={choice} className={css.choice}>
            <input
              // The first radio carries the group's id, so an error can move focus to it.
              id={index === 0 ? id : undefined}
              type="radio"
              name={id}
              value={choice}
              checked={value === choice}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(choice)}
            />
            <span>{choice === 'yes' ? 'Yes' : 'No'}</span>
          </label>
        ))}
      </div>
      <FieldNote id={`${id}-error`} text={error} className={css.error} />
    </fieldset>
  );
}

function ClbFields({
  id,
  legend,
  hint,
  value,
  onChange,
}: {
  id: string;
  legend: string;
  hint?: string;
  value: ClbScores;
  onChange: (value: ClbScores) => void;
}): JSX.Element {
  return (
    <fieldset className={css.group} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className={css.label}>{legend}</legend>
      <FieldNote id={`${id}-hint`} text={hint} className={css.hint} />
      <div className={css.abilities}>
        {LANGUAGE_ABILITIES.map((ability: LanguageAbility) => (
          <div key={ability} className={css.ability}>
            <label className={css.abilityLabel} htmlFor={`${id}-${ability}`}>
              {LANGUAGE_ABILITY_LABELS[ability]}
            </label>
            <select
              id={`${id}-${ability}`}
              className={css.select}
              value={String(Math.min(value[ability], 10) < 4 ? 0 : Math.min(value[ability], 10))}
              onChange={(event) => onChange({ ...value, [ability]: Number(event.target.value) })}
            >
              {CLB_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** IELTS General Training results per CLB level (IRCC's language test equivalency charts). */
const IELTS_GENERAL: readonly [clb: number, listening: string, reading: string, writing: string, speaking: string][] = [
  [10, '8.5', '8.0', '7.5', '7.5'],
  [9, '8.0', '7.0', '7.0', '7.0'],
  [8, '7.5', '6.5', '6.5', '6.5'],
  [7, '6.0', '6.0', '6.0', '6.0'],
  [6, '5.5', '5.0', '5.5', '5.5'],
  [5, '5.0', '4.0', '5.0', '5.0'],
  [4, '4.5', '3.5', '4.0', '4.0'],
];

function ClbGuide(): JSX.Element {
  return (
    <details className={css.guide}>
      <summary className={css.guideSummary}>Which CLB is my IELTS result?</summary>
      <table className={css.guideTable}>
        <caption className={ui.visuallyHidden}>IELTS General Training band scores per CLB level</caption>
        <thead>
          <tr>
            <th scope="col">CLB</th>
            <th scope="col">Listening</th>
            <th scope="col">Reading</th>
            <th scope="col">Writing</th>
            <th scope="col">Speaking</th>
          </tr>
        </thead>
        <tbody>
          {IELTS_GENERAL.map(([level, ...bands]) => (
            <tr key={level}>
              <th scope="row">{level === 10 ? '10+' : level}</th>
              {bands.map((band, index) => (
                <td key={index}>{band}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={css.hint}>
        IELTS General Training, the lowest band that reaches each level. CELPIP-General levels are CLB levels; for TEF
        or TCF (French) ask us.
      </p>
    </details>
  );
}
