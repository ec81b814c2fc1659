import { compileTool } from '@toolplane/pipeline/compile';
import { describe, expect, it } from 'vitest';
import {
  type StoredToolDefinition,
  type ToPipelineDefinitionContext,
  toPipelineDefinition,
} from './to-pipeline-definition';
import { TOOL_NAME_RULE, toolNameProblem } from './tool-name';

const statementTool: StoredToolDefinition = {
  kind: 'statement',
  name: 'get_user',
  title: 'Get user',
  description: 'One user by id',
  connectorId: 'con_1',
  statement: 'SELECT * FROM users WHERE id = {{ inputs.id }}',
  inputs: [
    { name: 'id', type: 'int', description: 'user id' },
    { name: 'verbose', type: 'boolean', optional: true, default: false },
  ],
  handlerExport: null,
  inputMapperSource: 'export default (i) => i',
  inputMapperExport: 'mapIn',
  outputMapperSource: '   ',
  outputMapperExport: null,
  authPolicyId: 'pol_1',
  authInline: null,
  cacheEnabled: true,
  cacheTtlSeconds: 30,
  readOnly: true,
  rowCap: null,
  timeoutMs: 2000,
  declaredSecrets: ['API_KEY'],
  annotations: { destructiveHint: false, readOnlyHint: false, bogus: 1 },
  legacyPlaceholders: false,
};

const context: ToPipelineDefinitionContext = {
  connectorName: (id) => (id === 'con_1' ? 'main' : undefined),
  authPolicy: (id) =>
    id === 'pol_1'
      ? { id, plugin: 'api_key', params: { header: 'X-API-Key', value: 'k' } }
      : id === 'pol_js'
        ? { id, plugin: 'script', params: {}, scriptExport: 'check' }
        : undefined,
  defaults: { rowCap: 1000, timeoutMs: 10_000, scriptTimeoutMs: 5000 },
};

describe('toPipelineDefinition', () => {
  it('turns a stored statement tool into a definition the pipeline compiles', () => {
    const definition = toPipelineDefinition(statementTool, context);
    expect(definition).toEqual({
      kind: 'statement',
      name: 'get_user',
      description: 'One user by id',
      inputs: {
        id: { type: 'int', description: 'user id' },
        verbose: { type: 'boolean', optional: true, default: false },
      },
      // A blank output mapper is no mapper.
      mappers: { input: 'tools/get_user/input_mapper#mapIn' },
      cache: { enabled: true, ttl: 30 },
      readOnly: true,
      rowLimit: 1000,
      timeoutMs: 2000,
      secrets: ['API_KEY'],
      // readOnlyHint is the enforced flag of a statement tool, not the stored hint.
      annotations: { title: 'Get user', destructiveHint: false, readOnlyHint: true },
      legacyPlaceholders: false,
      auth: { plugin: 'api_key', policy: { header: 'X-API-Key', value: 'k' } },
      connector: 'main',
      statement: 'SELECT * FROM users WHERE id = {{ inputs.id }}',
    });
    const compiled = compileTool(definition, {
      connectorType: (name) => (name === 'main' ? 'postgres' : undefined),
      knownSecrets: ['API_KEY'],
    });
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(compiled.ok).toBe(true);
  });

  it('leaves limits unset without workspace defaults (the editor) and fills them with (the runtime)', () => {
    const tool = { ...statementTool, rowCap: null, timeoutMs: null };
    const editor = toPipelineDefinition(tool, { ...context, defaults: undefined });
    expect(editor).not.toHaveProperty('rowLimit');
    expect(editor).not.toHaveProperty('timeoutMs');
    const script = toPipelineDefinition(
      { ...tool, kind: 'script', connectorId: null, statement: null, handlerExport: 'run' },
      context,
    );
    expect(script).toMatchObject({
      rowLimit: 1000,
      timeoutMs: 5000,
      handler: 'tools/get_user/handler#run',
      annotations: { title: 'Get user', destructiveHint: false, readOnlyHint: false },
    });
    expect(script).not.toHaveProperty('connector');
  });

  it('references script policies and inline auth by their stored script paths', () => {
    expect(
      toPipelineDefinition({ ...statementTool, authPolicyId: 'pol_js' }, context).auth,
    ).toEqual({ plugin: 'script', policy: { script: 'auth_policies/pol_js#check' } });
    expect(
      toPipelineDefinition(
        { ...statementTool, authPolicyId: null, authInline: { plugin: 'script', script: 'x' } },
        context,
      ).auth,
    ).toEqual({ plugin: 'script', policy: { script: 'tools/get_user/auth' } });
    expect(
      toPipelineDefinition(
        {
          ...statementTool,
          authPolicyId: null,
          authInline: { plugin: 'api_key', params: { value: 'v' } },
        },
        context,
      ).auth,
    ).toEqual({ plugin: 'api_key', policy: { value: 'v' } });
    expect(
      toPipelineDefinition({ ...statementTool, authPolicyId: null }, context),
    ).not.toHaveProperty('auth');
  });

  it('denies a tool whose policy is gone instead of skipping authentication', () => {
    const definition = toPipelineDefinition(
      { ...statementTool, authPolicyId: 'pol_deleted' },
      context,
    );
    expect(definition.auth).toEqual({ plugin: 'missing_policy', policy: {} });
    const compiled = compileTool(definition, { connectorType: () => 'postgres' });
    expect(compiled.ok).toBe(false);
    expect(compiled.diagnostics.some((d) => d.path[0] === 'auth')).toBe(true);
  });

  it('passes malformed stored inputs and unknown connectors on for compile to report', () => {
    const broken = toPipelineDefinition(
      { ...statementTool, inputs: [{ type: 'int' }], connectorId: 'con_other' },
      context,
    );
    expect(broken.inputs).toEqual([{ type: 'int' }]);
    expect(broken.connector).toBe('');
    expect(compileTool(broken, { connectorType: () => undefined }).ok).toBe(false);
  });
});

describe('toolNameProblem', () => {
  it('accepts the pipeline rule and Hyperterse-derived nested names', () => {
    for (const name of ['get_user', 'users-list', 'a', 'x1_y-2', 'a'.repeat(128)])
      expect(toolNameProblem(name)).toBeNull();
  });

  it('refuses what the runtime could not serve, naming the rule', () => {
    expect(toolNameProblem('')).toBe('Name the tool.');
    for (const name of [
      'users.list',
      'users/list',
      'GetUser',
      '1st',
      '-x',
      'bad name',
      'a'.repeat(129),
      'naïve',
      "x'; DROP TABLE tools; --",
    ])
      expect(toolNameProblem(name)).toBe(TOOL_NAME_RULE);
  });
});
