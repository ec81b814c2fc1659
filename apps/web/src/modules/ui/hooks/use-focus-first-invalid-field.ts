import { type RefObject, useEffect } from 'react';

/**
 * When a submission comes back with field errors, moves focus to the first invalid field, so
 * keyboard and screen-reader users land on the problem (its message is announced with it).
 */
export function useFocusFirstInvalidField(
  formRef: RefObject<HTMLFormElement | null>,
  fieldErrors: object | undefined,
): void {
  useEffect(() => {
    if (!fieldErrors) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, fieldErrors]);
}
