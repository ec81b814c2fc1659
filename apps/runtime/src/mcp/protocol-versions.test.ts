import {
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION as SDK_DEFAULT,
  LATEST_PROTOCOL_VERSION as SDK_LATEST,
  SUPPORTED_PROTOCOL_VERSIONS as SDK_SUPPORTED,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  allowsBatches,
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './protocol-versions';

describe('protocol versions', () => {
  it('are exactly the SDK’s', () => {
    expect([...SUPPORTED_PROTOCOL_VERSIONS]).toEqual(SDK_SUPPORTED);
    expect(LATEST_PROTOCOL_VERSION).toBe(SDK_LATEST);
    expect(DEFAULT_NEGOTIATED_PROTOCOL_VERSION).toBe(SDK_DEFAULT);
  });

  it('allow batches only before 2025-06-18', () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS.filter(allowsBatches)).toEqual([
      '2025-03-26',
      '2024-11-05',
      '2024-10-07',
    ]);
  });
});
