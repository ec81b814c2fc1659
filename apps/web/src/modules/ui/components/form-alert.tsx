import type { ReactNode } from 'react';

type FormAlertProps = {
  /** `notice` for an honest "not possible (yet)", `error` for a failure the user can act on. */
  tone: 'notice' | 'error' | 'success';
  children: ReactNode;
};

const toneClasses = {
  notice:
    'border-accent-200 bg-accent-50 text-accent-950 dark:border-accent-900 dark:bg-accent-950/40 dark:text-accent-100',
  error:
    'border-red-200 bg-red-50 text-red-900 dark:border-red-900/70 dark:bg-red-950/40 dark:text-red-100',
  success:
    'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900/70 dark:bg-emerald-950/40 dark:text-emerald-100',
} as const;

const iconClasses = {
  notice: 'text-accent-600 dark:text-accent-400',
  error: 'text-red-600 dark:text-red-400',
  success: 'text-emerald-600 dark:text-emerald-400',
} as const;

/** A message about a whole form, announced to screen readers when it appears. */
export function FormAlert({ tone, children }: FormAlertProps) {
  return (
    <div
      role="alert"
      className={`flex gap-3 rounded-lg border px-3.5 py-3 text-sm ${toneClasses[tone]}`}
    >
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        className={`mt-px size-4 shrink-0 ${iconClasses[tone]}`}
        aria-hidden="true"
      >
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.253a.25.25 0 0 1 .244.304l-.459 2.066A1.75 1.75 0 0 0 10.747 15H11a.75.75 0 0 0 0-1.5h-.253a.25.25 0 0 1-.244-.304l.459-2.066A1.75 1.75 0 0 0 9.253 9H9Z"
          clipRule="evenodd"
        />
      </svg>
      <div>{children}</div>
    </div>
  );
}
