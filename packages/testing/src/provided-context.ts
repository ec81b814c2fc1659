/** What the global setup hands every test file (vitest's provide/inject). */
export interface ServiceAvailability {
  url: string | null;
  /** Why the service is unavailable, when url is null. */
  reason: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplateDatabase: string;
    runId: string;
    redis: ServiceAvailability;
    mysql: ServiceAvailability;
  }
}
