/**
 * What every dashboard server action answers (React's useActionState keeps it between
 * submissions). Messages are written for the person at the keyboard; nothing internal leaks.
 */
export type ActionState<T = unknown> = {
  ok?: boolean;
  /** The service error code, when the action was refused or failed. */
  code?: string;
  formMessage?: { tone: 'notice' | 'error' | 'success'; text: string };
  fieldErrors?: Partial<Record<string, string>>;
  /** What was typed, so a failed attempt does not empty the form. Never a password or secret. */
  values?: Record<string, string>;
  data?: T;
};
