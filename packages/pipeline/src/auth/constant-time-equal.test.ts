import { describe, expect, it } from 'vitest';
import { constantTimeEqual } from './constant-time-equal';

describe('constantTimeEqual', () => {
  const cases: [string, string, boolean][] = [
    ['', '', true],
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'ab', false],
    ['ab', 'abc', false],
    ['', 'a', false],
    ['é', 'é', true],
    ['é', 'e\u0301', false],
    ['k'.repeat(1000), 'k'.repeat(1000), true],
    ['\u0000', '', false],
  ];
  it.each(cases)('%j vs %j → %s', (a, b, expected) => {
    expect(constantTimeEqual(a, b)).toBe(expected);
  });
});
