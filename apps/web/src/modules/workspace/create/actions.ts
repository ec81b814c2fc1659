'use server';

import { createWorkspace } from '@toolplane/services';
import { redirect } from 'next/navigation';
import { defineUserAction } from '../../server/define-action';
import { readFormText } from '../../server/read-form';
import { getServiceDeps } from '../../server/service-deps';

export const createWorkspaceAction = defineUserAction(
  'workspace.create',
  async (user, formData) => {
    const values = { name: readFormText(formData, 'name'), slug: readFormText(formData, 'slug') };
    try {
      await createWorkspace(getServiceDeps(), user, values);
    } catch (error) {
      const { ServiceError } = await import('@toolplane/services');
      if (error instanceof ServiceError)
        return { fieldErrors: { ...error.fieldErrors }, values, code: error.code };
      throw error;
    }
    redirect(`/w/${values.slug.trim().toLowerCase()}/tools`);
  },
);
