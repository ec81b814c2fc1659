import type { InputHTMLAttributes } from 'react';
import { Field, fieldControlClassName } from './field';

type TextFieldProps = {
  label: string;
  name: string;
  /** Shown under the field until an error replaces it. */
  hint?: string;
  error?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'className'>;

/** A labelled input whose hint or error is announced with it (aria-describedby). */
export function TextField({ label, name, hint, error, ...input }: TextFieldProps) {
  return (
    <Field label={label} name={name} hint={hint} error={error}>
      {(control) => <input {...input} {...control} className={fieldControlClassName} />}
    </Field>
  );
}
