// Loaded lazily: the date pickers and their styles come only with a form that asks for a time (a post's schedule).
import '@mantine/dates/styles.css';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import type { MouseEvent } from 'react';

/**
 * Clicking into the hours or minutes selects the whole field, so typing replaces it: Mantine selects on focus and on
 * click, but the hours already have focus once a day is picked, and the click's caret wins over its select().
 */
const WHOLE_ON_CLICK = {
  onMouseUp: (event: MouseEvent<HTMLInputElement>) => {
    event.preventDefault();
    event.currentTarget.select();
  },
};

/**
 * A date and time in the staff member's own time zone; the value is `YYYY-MM-DD HH:mm:ss`. Every control of the
 * calendar is named for screen readers, and no day is set apart as a weekend (red days fail the contrast check).
 */
export default function DateTimeField(props: DateTimePickerProps) {
  return (
    <DateTimePicker
      valueFormat="D MMM YYYY, HH:mm"
      placeholder="Pick a date and time"
      // Mantine's placeholder grey fails the contrast check where the open calendar leaves it in view (a month of five
      // weeks); the dimmed text of the staff area passes.
      styles={{ input: { '--input-placeholder-color': 'var(--mantine-color-gray-7)' } }}
      weekendDays={[]}
      ariaLabels={{
        nextMonth: 'Next month',
        previousMonth: 'Previous month',
        nextYear: 'Next year',
        previousYear: 'Previous year',
        nextDecade: 'Next decade',
        previousDecade: 'Previous decade',
      }}
      popoverProps={{ attributes: { dropdown: { 'aria-label': 'Choose a date and time' } } }}
      submitButtonProps={{ 'aria-label': 'Use this date and time' }}
      timePickerProps={{ hoursInputProps: WHOLE_ON_CLICK, minutesInputProps: WHOLE_ON_CLICK }}
      {...props}
    />
  );
}
