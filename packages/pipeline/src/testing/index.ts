// In-memory ports and helpers for tests and benchmarks (here and in the runtime's own suites).
export {
  createMemoryPorts,
  type MemoryPorts,
  type MemoryPortsOptions,
  type MemoryScript,
} from './create-memory-ports';
export { cyrb53 } from './cyrb53';
export { compileTestTool, createTestRequest, TEST_CONNECTORS } from './test-tools';
