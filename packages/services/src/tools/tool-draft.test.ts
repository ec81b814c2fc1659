import { TOOL_NAME_RULE } from '@toolplane/tool-definition/tool-name';
import { describe, expect, it } from 'vitest';
import { parseInput } from '../parse-input';
import { checkToolDraft, type DraftContext, emptyToolDraft, type ToolDraft } from './tool-draft';
import { ZToolDraft } from './tool-draft-schema';

const context: DraftContext = {
  connectors: [{ id: 'con_1', name: 'main', type: 'postgres' }],
  policies: [{ id: 'pol_1', name: 'partner', plugin: 'api_key', params: { value: '[redacted]' } }],
  secretNames: ['API_KEY'],
};

const draft: ToolDraft = {
  ...emptyToolDraft('statement'),
  name: 'get_user',
  connectorId: 'con_1',
  statement: 'SELECT * FROM users WHERE id = {{ inputs.id }}',
  inputs: [{ name: 'id', type: 'int', description: '', default: '' }],
};

const errors = (d: ToolDraft) => checkToolDraft(d, context).filter((x) => x.severity === 'error');

describe('checkToolDraft (the editor, through the shared converter)', () => {
  it('passes a valid draft; empty form fields are not declared values', () => {
    expect(errors(draft)).toEqual([]);
    expect(errors({ ...draft, authPolicyId: 'pol_1' })).toEqual([]);
  });

  it('flags what the runtime would refuse, on the field to fix', () => {
    // A policy deleted since the editor loaded denies instead of skipping auth, as in the runtime.
    expect(errors({ ...draft, authPolicyId: 'pol_gone' })).toEqual([
      expect.objectContaining({ field: 'authPolicyId' }),
    ]);
    expect(errors({ ...draft, inputMapperSource: 'export default (' })).toEqual([
      expect.objectContaining({ field: 'inputMapperSource' }),
    ]);
    expect(errors({ ...draft, statement: 'SELECT {{ inputs.missing }}' })).toEqual([
      expect.objectContaining({ field: 'statement' }),
    ]);
  });
});

describe('ZToolDraft', () => {
  it('holds the name to the one tool-name rule, with its message', () => {
    for (const name of ['users.list', 'users/list', 'GetUser'])
      expect(() => parseInput(ZToolDraft, { ...draft, name })).toThrow(
        expect.objectContaining({ fieldErrors: { name: TOOL_NAME_RULE } }),
      );
    expect(parseInput(ZToolDraft, { ...draft, name: ' users-list ' }).name).toBe('users-list');
  });
});
