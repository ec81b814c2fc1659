/** A parsed IP address: 4 bytes for IPv4, 16 for IPv6, network byte order. */
export type ParsedIp = { family: 4 | 6; bytes: Uint8Array };

const IPV4_PART = /^(?:0|[1-9]\d{0,2})$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

/**
 * Parses the canonical dotted-quad form only. Shorthand and octal/hex forms that `inet_aton`
 * accepts (`127.1`, `0x7f.0.0.1`, `0177.0.0.1`) are rejected rather than guessed at: callers
 * refuse what does not parse, so an ambiguous spelling can never reach a forbidden address.
 */
export function parseIpv4(text: string): ParsedIp | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const part = parts[i]!;
    if (!IPV4_PART.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes[i] = value;
  }
  return { family: 4, bytes };
}

/** Parses an IPv6 address, with optional brackets, zone id and embedded IPv4 tail. */
export function parseIpv6(input: string): ParsedIp | null {
  let text = input;
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (text.length === 0 || text.length > 45) return null;

  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];

  const groups: number[] = [];
  const readGroups = (parts: string[], allowIpv4Tail: boolean): number[] | null => {
    const out: number[] = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (allowIpv4Tail && i === parts.length - 1 && part.includes('.')) {
        const v4 = parseIpv4(part);
        if (!v4) return null;
        out.push((v4.bytes[0]! << 8) | v4.bytes[1]!, (v4.bytes[2]! << 8) | v4.bytes[3]!);
      } else {
        if (!IPV6_GROUP.test(part)) return null;
        out.push(Number.parseInt(part, 16));
      }
    }
    return out;
  };

  const headGroups = readGroups(head, halves.length === 1);
  const tailGroups = readGroups(tail, true);
  if (!headGroups || !tailGroups) return null;
  if (halves.length === 1) {
    if (headGroups.length !== 8) return null;
    groups.push(...headGroups);
  } else {
    const missing = 8 - headGroups.length - tailGroups.length;
    if (missing < 1) return null;
    groups.push(...headGroups, ...new Array<number>(missing).fill(0), ...tailGroups);
  }

  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  return { family: 6, bytes };
}

/** Parses either family; `null` when the text is not an IP address. */
export function parseIp(text: string): ParsedIp | null {
  return parseIpv4(text) ?? parseIpv6(text);
}

/** Canonical text form: dotted quad, or RFC 5952 compressed IPv6 in lower case. */
export function formatIp(ip: ParsedIp): string {
  if (ip.family === 4) return Array.from(ip.bytes).join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((ip.bytes[i]! << 8) | ip.bytes[i + 1]!);
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength && j - i > 1) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(':');
  const left = hex.slice(0, bestStart).join(':');
  const right = hex.slice(bestStart + bestLength).join(':');
  return `${left}::${right}`;
}
