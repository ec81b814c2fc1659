export { findFreePort, isPortAnswering } from './find-free-port';
export { LauncherError } from './launcher-error';
export type {
  EmbeddedPostgresHandle,
  StartEmbeddedPostgresOptions,
} from './start-embedded-postgres';
export { startEmbeddedPostgres } from './start-embedded-postgres';
