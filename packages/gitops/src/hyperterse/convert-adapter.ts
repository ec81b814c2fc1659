import type { ConnectorSpec } from '../config/workspace-config';
import { SECRET_REFERENCE } from '../config/workspace-config';
import type { ImportFinding } from './import-finding';
import type { RawAdapter } from './read-hyperterse-project';

const SUPPORTED = new Set(['postgres', 'mysql', 'redis']);

export function envSecretName(adapter: string): string {
  return `${adapter
    .toUpperCase()
    .replace(/[^A-Z0-9_]+/g, '_')
    .replace(/^([0-9])/, '_$1')}_URL`;
}

/** A Hyperterse adapter as a connector, or null (with an error finding) when it cannot be one. */
export function convertAdapter(
  adapter: RawAdapter,
  findings: ImportFinding[],
): ConnectorSpec | null {
  const at = { file: adapter.file };
  if (!SUPPORTED.has(adapter.connector)) {
    findings.push({
      severity: 'error',
      code: 'UNSUPPORTED_CONNECTOR',
      ...at,
      field: 'connector',
      message: `adapter ${adapter.name} is ${adapter.connector}: Toolplane connects to postgres, mysql and redis; it is not imported, nor are the tools that use it`,
      fix: 'keep these tools on Hyperterse, or move the data to a supported database',
    });
    return null;
  }
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/.test(adapter.name)) {
    findings.push({
      severity: 'error',
      code: 'INVALID_FILE',
      ...at,
      field: 'name',
      message: `adapter name ${adapter.name} is not a valid connector name`,
    });
    return null;
  }
  for (const key of Object.keys(adapter)) {
    if (!['name', 'connector', 'connection_string', 'options', 'file'].includes(key)) {
      findings.push({
        severity: 'warning',
        code: 'NO_EQUIVALENT',
        ...at,
        field: key,
        message: `adapter field ${key} has no Toolplane equivalent and was ignored`,
      });
    }
  }
  const type = adapter.connector as ConnectorSpec['type'];
  const options = Object.entries(adapter.options ?? {});
  const whole = SECRET_REFERENCE.exec(adapter.connection_string.trim());
  let connection: ConnectorSpec['connection'];
  if (whole) {
    connection = { secret: whole[1]! };
  } else if (adapter.connection_string.includes('{{')) {
    const secret = envSecretName(adapter.name);
    connection = { secret };
    findings.push({
      severity: 'warning',
      code: 'SECRET_NEEDED',
      ...at,
      field: 'connection_string',
      message: `the connection string mixes text and {{ env.X }} references; the connector reads its whole URL from secret ${secret}`,
      fix: `set secret ${secret} to the complete URL`,
    });
  } else {
    let url = adapter.connection_string;
    if (type !== 'redis' && options.length > 0) {
      // Hyperterse appends SQL options to the URL's query: so does the import, for a literal URL.
      const query = options
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
        .join('&');
      url += (url.includes('?') ? '&' : '?') + query;
      options.length = 0;
    }
    connection = { url };
    findings.push({
      severity: 'warning',
      code: 'LITERAL_CREDENTIAL',
      ...at,
      field: 'connection_string',
      message: `adapter ${adapter.name} has a literal connection string: it is stored encrypted, and never exported`,
      fix: `move it to a secret and write connection_string: "{{ env.${envSecretName(adapter.name)} }}"`,
    });
  }
  for (const [key, value] of options) {
    findings.push({
      severity: 'warning',
      code: 'NO_EQUIVALENT',
      ...at,
      field: `options.${key}`,
      message:
        type === 'redis'
          ? `option ${key} has no Toolplane equivalent for Redis and was ignored`
          : `option ${key} cannot be appended to a URL kept in a secret`,
      ...(type === 'redis' || !connection || !('secret' in connection)
        ? {}
        : {
            fix: `add ${key}=${String(value)} to the query of the URL in secret ${connection.secret}`,
          }),
    });
  }
  return { name: adapter.name, type, description: '', connection, options: {} };
}
