import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

const control =
  'mt-1.5 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-xs outline-hidden transition-[border-color,box-shadow] placeholder:text-zinc-400 focus:border-accent-500 focus:ring-4 focus:ring-accent-500/15 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';

function Message({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  const message = error ?? hint;
  if (!message) return null;
  return (
    <p
      id={id}
      className={
        error
          ? 'mt-1.5 text-xs font-medium text-red-600 dark:text-red-400'
          : 'mt-1.5 text-xs text-zinc-500 dark:text-zinc-400'
      }
    >
      {message}
    </p>
  );
}

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
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <select
        {...select}
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        className={control}
      >
        {children}
      </select>
      <Message id={`${id}-message`} error={error} hint={hint} />
    </div>
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
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <textarea
        {...area}
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        className={`${control} font-mono`}
      />
      <Message id={`${id}-message`} error={error} hint={hint} />
    </div>
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
