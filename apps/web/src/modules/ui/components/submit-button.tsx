import type { ReactNode } from 'react';

type SubmitButtonProps = {
  children: ReactNode;
  /** True while the form's action runs: the button shows `pendingLabel` and ignores clicks. */
  pending: boolean;
  pendingLabel: string;
};

/** The primary, full-width button of a form. */
export function SubmitButton({ children, pending, pendingLabel }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-accent-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-accent-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:cursor-wait disabled:opacity-75 dark:focus-visible:outline-accent-400"
    >
      {pending ? (
        <>
          <svg viewBox="0 0 24 24" className="size-4 animate-spin" aria-hidden="true">
            <circle
              cx="12"
              cy="12"
              r="9"
              fill="none"
              stroke="currentColor"
              strokeOpacity=".3"
              strokeWidth="3"
            />
            <path
              d="M21 12a9 9 0 0 0-9-9"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
            />
          </svg>
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
