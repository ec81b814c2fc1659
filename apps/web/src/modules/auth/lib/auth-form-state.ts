/**
 * What an auth form's server action answers (React's useActionState keeps it between
 * submissions). Messages are written for the person at the keyboard; nothing internal leaks.
 */
export type AuthFormState<Field extends string> = {
  /** About the form as a whole, e.g. that sign-in is not available yet. */
  formMessage?: { tone: 'notice' | 'error'; text: string };
  /** The first problem with each field that failed validation. */
  fieldErrors?: Partial<Record<Field, string>>;
  /** What the person typed, so a failed attempt does not empty the form. Never a password. */
  values?: Partial<Record<Field, string>>;
};
