import { BlockList, isIPv6 } from 'node:net';

/**
 * Fastify's trustProxy callback. Only the first hop, and only when it is one of the configured
 * proxy addresses, is believed: the client address is then the last entry nginx appended to
 * X-Forwarded-For, and whatever a client wrote there itself is ignored.
 */
export function trustedProxy(ranges: readonly string[]): (address: string, hop: number) => boolean {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/');
    const type = isIPv6(address!) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  return (address, hop) => {
    if (hop !== 0) return false;
    const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
    return list.check(mapped, isIPv6(mapped) ? 'ipv6' : 'ipv4');
  };
}
