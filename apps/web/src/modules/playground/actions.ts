'use server';

import { type PlaygroundRun, runTool, ServiceError } from '@toolplane/services';
import type { ActionState } from '../server/action-state';
import { defineWorkspaceAction } from '../server/define-action';
import { readFormJson, readFormText } from '../server/read-form';
import { readRequestHeaders } from './lib/read-request-headers';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Runs a tool through the runtime with a short-lived token for this user (the call shows in
 * Activity as theirs). Tool failures are a successful run with an error to show, not a form error.
 */
export const runToolAction = defineWorkspaceAction(
  'playground.run',
  async (ctx, formData): Promise<ActionState<PlaygroundRun>> => {
    const toolName = readFormText(formData, 'toolName');
    const argsText = readFormText(formData, 'args');
    // Refilled after the run (React resets the form): the user's own input, to their own browser.
    const values: Record<string, string> = { args: argsText };
    for (const [key, value] of formData.entries())
      if ((key === 'headers' || key.startsWith('header.')) && typeof value === 'string')
        values[key] = value;
    if (!toolName)
      return { code: 'INVALID', fieldErrors: { toolName: 'Choose a tool to run.' }, values };
    const args = argsText.trim() === '' ? {} : readFormJson(formData, 'args');
    if (!isObject(args))
      return {
        code: 'INVALID',
        fieldErrors: { args: 'Arguments must be a JSON object, e.g. {"id": 1}.' },
        values,
      };
    const headers = readRequestHeaders(formData);
    if (!headers.ok) return { code: 'INVALID', fieldErrors: { headers: headers.error }, values };
    try {
      const run = await runTool(ctx, { toolName, args, headers: headers.headers });
      return { ok: true, data: run, values };
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'UNAVAILABLE')
        return { code: error.code, formMessage: { tone: 'error', text: error.message }, values };
      throw error;
    }
  },
);
