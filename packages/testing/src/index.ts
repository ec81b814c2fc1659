export type { ServiceAvailability } from './provided-context';
export type { TestDatabase } from './test-services';
export { createTestDatabase, pgAdminUrl, testMysql, testRedis } from './test-services';
