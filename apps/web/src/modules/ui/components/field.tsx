import type { ReactNode } from 'react';

/** The look of every text-like control (input, select, textarea), invalid state included. */
export const fieldControlClassName =
  'mt-1.5 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-xs outline-hidden transition-[border-color,box-shadow] placeholder:text-zinc-400 focus:border-accent-500 focus:ring-4 focus:ring-accent-500/15 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/15 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:focus:border-accent-400 dark:focus:ring-accent-400/20 dark:aria-invalid:border-red-400';

export interface FieldControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The one field wrapper: a label, the control `children` renders from the props it is given
 * (id, name and the ARIA that announces the hint or error with it), and that hint or error.
 */
export function Field({
  label,
  name,
  id = `field-${name}`,
  hint,
  error,
  children,
}: {
  label: ReactNode;
  name: string;
  /** Shown under the field until an error replaces it. */
  hint?: ReactNode;
  error?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
  /** Default `field-<name>`. */
  id?: string;
}) {
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      {children({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': message ? messageId : undefined,
      })}
      {message ? (
        <p
          id={messageId}
          className={
            error
              ? 'mt-1.5 text-xs font-medium text-red-600 dark:text-red-400'
              : 'mt-1.5 text-xs text-zinc-500 dark:text-zinc-400'
          }
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
