import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Field, fieldControlClassName } from './field';

export function SelectField({
  label,
  name,
  hint,
  error,
  children,
  ...select
}: {
  label: string;
  name: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id' | 'className'>) {
  return (
    <Field label={label} name={name} hint={hint} error={error}>
      {(control) => (
        // React applies a select's defaultValue only when it mounts, but resets the form after
        // every action, refused ones included: a new element per default keeps what was sent
        // (state.values) instead of the default it mounted with.
        <select
          key={String(select.defaultValue)}
          {...select}
          {...control}
          className={fieldControlClassName}
        >
          {children}
        </select>
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  name,
  hint,
  error,
  ...area
}: { label: string; name: string; hint?: ReactNode; error?: string | undefined } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name' | 'id' | 'className'
>) {
  return (
    <Field label={label} name={name} hint={hint} error={error}>
      {(control) => (
        <textarea {...area} {...control} className={`${fieldControlClassName} font-mono`} />
      )}
    </Field>
  );
}

export function CheckboxField({
  label,
  name,
  hint,
  defaultChecked,
}: {
  label: string;
  name: string;
  hint?: ReactNode;
  defaultChecked?: boolean;
}) {
  const id = `field-${name}`;
  return (
    <div className="flex items-start gap-2.5">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        className="mt-0.5 size-4 rounded border-zinc-300 accent-accent-600"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {hint ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{hint}</p> : null}
      </div>
    </div>
  );
}
