'use client';

import { useEffect } from 'react';
import { TokenFormLayout } from '@/modules/tokens/components/token-form-layout';
import { useCreateTokenForm } from '@/modules/tokens/hooks/use-create-token-form';
import { createPersonalAccessTokenAction } from '../actions';

export function CreatePersonalAccessTokenForm() {
  const form = useCreateTokenForm(createPersonalAccessTokenAction);
  const { state, formRef } = form;
  useEffect(() => {
    if (state.ok) formRef.current?.reset();
  }, [state, formRef]);
  return <TokenFormLayout form={form} namePlaceholder="CI on main" submitLabel="Create token" />;
}
