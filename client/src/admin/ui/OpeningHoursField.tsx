import { Checkbox, Fieldset, Group, Text, TextInput } from '@mantine/core';
import {
  weekOf,
  WEEKDAYS,
  WEEKDAY_LABELS,
  type DayHours,
  type OpeningHours,
  type Weekday,
} from '../../../../shared/opening-hours.js';
import type { Field, FieldProps, FormValues } from './fields.js';

const CLOSED_WEEK = weekOf(() => null);
const USUAL_HOURS: DayHours = { opens: '09:00', closes: '17:00' };

/** A day opened starts with the hours of the open day before it (Monday's carry to Tuesday), else nine to five. */
function hoursForOpening(week: OpeningHours, day: Weekday): DayHours {
  const before = WEEKDAYS.slice(0, WEEKDAYS.indexOf(day)).reverse();
  return before.map((earlier) => week[earlier]).find((hours) => hours !== null) ?? USUAL_HOURS;
}

function OpeningHoursInput({ form, name, label }: FieldProps<unknown> & { name: string; label: string }) {
  const week = (form.getValues()[name] as OpeningHours | null) ?? CLOSED_WEEK;
  const setOpen = (day: Weekday, open: boolean) =>
    form.setFieldValue(name, { ...week, [day]: open ? hoursForOpening(week, day) : null });
  const error = form.errors[name];
  return (
    <Fieldset
      legend={label}
      variant="unstyled"
      styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', padding: 0 } }}
    >
      <Text size="xs" c="dimmed" mb="xs">
        On the branch’s clock, 24-hour (17:30); shown on Contact Us. Leave every day closed not to show any.
      </Text>
      {WEEKDAYS.map((day) => (
        <Group key={day} gap="xs" wrap="nowrap" align="flex-start" mb={6}>
          <Checkbox
            label={WEEKDAY_LABELS[day]}
            checked={week[day] !== null}
            onChange={(event) => setOpen(day, event.currentTarget.checked)}
            w={108}
            mt={8}
            styles={{ root: { flexShrink: 0 } }}
          />
          {week[day] ? (
            (['opens', 'closes'] as const).map((end) => (
              <TextInput
                key={end}
                aria-label={`${WEEKDAY_LABELS[day]} ${end}`}
                placeholder={USUAL_HOURS[end]}
                size="sm"
                flex={1}
                miw={0}
                {...form.getInputProps(`${name}.${day}.${end}`)}
              />
            ))
          ) : (
            <Text size="sm" c="dimmed" mt={8}>
              Closed
            </Text>
          )}
        </Group>
      ))}
      {typeof error === 'string' ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Fieldset>
  );
}

/** A branch's week (decision 051): each day ticked open from–to, or closed; none open is "not given" (null). */
export function openingHours(name: string, label: string): Field<unknown> {
  return {
    name,
    valueOf: (item) => (item as FormValues | null)?.[name] ?? null,
    inputOf: (value) => {
      const week = value as OpeningHours | null;
      return week && WEEKDAYS.some((day) => week[day]) ? week : null;
    },
    Input: (props) => <OpeningHoursInput {...props} name={name} label={label} />,
  };
}
