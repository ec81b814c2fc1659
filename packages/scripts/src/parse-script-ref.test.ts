import { describe, expect, it } from 'vitest';
import { parseScriptRef } from './parse-script-ref';

describe('parseScriptRef', () => {
  it.each([
    ['handlers/get-user.ts', { path: 'handlers/get-user.ts', exportName: 'default' }],
    ['handlers/users.ts#getUser', { path: 'handlers/users.ts', exportName: 'getUser' }],
    ['a#b#$c_1', { path: 'a#b', exportName: '$c_1' }],
    ['users.ts#', null],
    ['users.ts#1abc', null],
    ['users.ts#a-b', null],
  ])('%s', (ref, expected) => {
    expect(parseScriptRef(ref)).toEqual(expected);
  });
});
