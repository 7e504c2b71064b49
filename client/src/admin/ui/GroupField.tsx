import { Input } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form field whose control is several controls (an image chooser, an editor with its toolbar). A <label> can name
 * one input only, so the label is a div with `labelId`, which the control names itself by (`aria-labelledby`).
 */
export function GroupField({
  labelId,
  errorId,
  ...props
}: {
  labelId: string;
  /** The error message's id, for a control that points at it (`aria-describedby`). */
  errorId?: string;
  label: string;
  required?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Input.Wrapper {...props} labelElement="div" id={labelId} errorProps={errorId ? { id: errorId } : undefined} />
  );
}
