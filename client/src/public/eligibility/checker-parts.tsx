/** What the two eligibility checkers' form controls and results share. */
import type { JSX } from 'react';
import ui from '../ui/ui.module.css';

/** The `aria-describedby` of a control: its hint and its error, by the ids `<id>-hint` and `<id>-error`. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A control's hint or error line, with the id `describedBy` names (`<id>-hint`, `<id>-error`); nothing without text. */
export function FieldNote({
  id,
  text,
  className,
}: {
  id: string;
  text?: string | undefined;
  className: string | undefined;
}): JSX.Element | null {
  return text ? (
    <p className={className} id={id}>
      {text}
    </p>
  ) : null;
}

/** The column headings of a breakdown table: for screen readers, the rows say what they are to the eye. */
export function BreakdownHead(): JSX.Element {
  return (
    <thead className={ui.visuallyHidden}>
      <tr>
        <th scope="col">Factor</th>
        <th scope="col">Points</th>
      </tr>
    </thead>
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2025-03-25` as "25 March 2025", the same on the server and in every browser (no locale data involved). */
export function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}
