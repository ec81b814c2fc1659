import { useActionState, useRef } from 'react';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../server/action-state';
import type { CreatedToken } from '../actions';

type CreateTokenAction = (
  previous: ActionState<CreatedToken>,
  formData: FormData,
) => Promise<ActionState<CreatedToken>>;

/**
 * A create-token form's action state and form element, for TokenFormLayout. Focus moves to the
 * first invalid field after a refused submission; what happens after a success (reset, callbacks)
 * stays with each form.
 */
export function useCreateTokenForm(createAction: CreateTokenAction) {
  const [state, action, pending] = useActionState(createAction, {} as ActionState<CreatedToken>);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  return { state, action, pending, formRef };
}

export type CreateTokenFormState = ReturnType<typeof useCreateTokenForm>;
