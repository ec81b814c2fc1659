import { describe, expect, it } from 'vitest';
import { scriptRequestId } from './run-script';

describe('scriptRequestId', () => {
  it('passes the JSON-RPC id as a string, and nothing for a null id', () => {
    expect(scriptRequestId(7)).toEqual({ requestId: '7' });
    expect(scriptRequestId('req-1')).toEqual({ requestId: 'req-1' });
    expect(scriptRequestId(null)).toEqual({});
  });
});
