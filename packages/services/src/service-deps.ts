import type { ConnectorNetworkPolicy } from '@toolplane/connectors';
import type { DbClient, Keyring } from '@toolplane/db';

/**
 * What every service function needs from its edge (the dashboard, the REST API, the CLI's API):
 * one resources object, built once per process.
 */
export interface ServiceDeps {
  db: DbClient;
  keyring: Keyring;
  /** Decoded TOOLPLANE_RUNTIME_SIGNING_KEY: signs short-lived runtime tokens. */
  runtimeSigningKey: Uint8Array;
  /** Where the runtime listens, e.g. http://127.0.0.1:4000. */
  runtimeUrl: string;
  /** The shared outbound-address policy for "Test connection". */
  networkPolicy: ConnectorNetworkPolicy;
  /** Sends password-reset and invitation mail; the dashboard's dev outbox when SMTP is unset. */
  mailer: Mailer;
  /** Injected by tests; default global fetch. */
  fetch?: typeof fetch;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Who is acting: a signed-in user (or, for the REST API, the user behind a personal token). */
export interface Actor {
  userId: string;
  /** Correlates logs, audit events and the error reference a user sees. */
  requestId: string;
}
