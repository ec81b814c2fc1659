import { resolveAndCheck } from '@toolplane/net-policy';
import { systemResolver } from '@toolplane/net-policy/system-resolver';
import { ConnectorError } from './connector-error';
import type { ConnectorNetworkPolicy } from './connector-types';
import type { ConnectorAddress } from './parse-connector-url';

/**
 * Resolves the connector's host once and checks every address against the policy; returns the
 * address to connect to. Drivers are given this address (pinned), never the name, so a second
 * DNS answer cannot point them somewhere the policy refused.
 */
export async function checkConnectorAddress(
  address: ConnectorAddress,
  policy: ConnectorNetworkPolicy,
): Promise<string> {
  const verdict = await resolveAndCheck(address.host, address.port, {
    allowPrivateNetworks: policy.allowPrivateNetworks,
    deny: policy.deny,
    database: address.database,
    resolver: policy.resolver ?? systemResolver,
  });
  if (!verdict.allowed) {
    throw new ConnectorError('ADDRESS_REFUSED', `connection refused by policy: ${verdict.message}`);
  }
  const [first] = verdict.addresses;
  if (!first) throw new ConnectorError('ADDRESS_REFUSED', 'the connector host has no address');
  return first.address;
}
