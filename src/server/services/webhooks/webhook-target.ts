import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../../shared/errors';

/** IPv6 global unicast: every public IPv6 address is in it, and nothing else is public. */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Whether an address is on the public internet. Everything ipaddr.js names a special range is
 * refused: loopback, private, link-local, CGNAT, multicast, unspecified, broadcast, reserved,
 * IPv6 unique-local and link-local, and the IPv6 forms that lead to IPv4 (mapped, NAT64, 6to4,
 * Teredo), an IPv4-mapped address being judged as the IPv4 address it is. Any other IPv6 address
 * must also be global unicast (2000::/3): ipaddr.js calls some addresses outside it `unicast`,
 * such as the deprecated IPv4-compatible `::/96` (`::127.0.0.1`), which a router may still lead
 * somewhere inside.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(inHex(address));
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  return v6.match(globalUnicast) && v6.range() === 'unicast';
}

/**
 * An IPv6 address with a dotted IPv4 tail written all in hex, as URLs and the resolver give it:
 * ipaddr.js reads `::a.b.c.d` as the IPv4-mapped `::ffff:a.b.c.d`, which it is not.
 */
function inHex(address: string): string {
  return isIP(address) === 6 && address.includes('.') ? hostOf(new URL(`http://[${address}]/`)) : address;
}

/** How a host name becomes addresses: the system's resolver (node:dns `lookup`), or a test's. */
export type HostLookup = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: HostLookup = (host) => lookup(host, { all: true, verbatim: true });

export type TargetRules = {
  /** WEBHOOKS_ALLOW_PRIVATE: private and local addresses, and plain http://, are allowed. */
  allowPrivate: boolean;
  /** The resolver, at registration and at every connection; the system's unless given. */
  lookup?: HostLookup;
};

/** Why a URL may not receive webhooks, before any lookup: the scheme, credentials, the port. */
function refusalOfUrl(url: URL, rules: TargetRules): string | null {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && rules.allowPrivate)) {
    return 'The endpoint must be an https:// URL';
  }
  if (url.username || url.password) return 'Put credentials in the receiver, not in the URL';
  return null;
}

/** The host as DNS and isIP know it (URL keeps IPv6 literals in brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The addresses a host resolves to, every one of them public unless the operator allows private
 * targets; throws a message naming the problem otherwise. The message never names the address a
 * name resolved to: it is shown to whoever saved the URL, and must not tell them what the
 * instance's own DNS answers for an internal name.
 */
export async function resolvePublic(
  host: string,
  rules: TargetRules,
): Promise<{ address: string; family: number }[]> {
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await (rules.lookup ?? systemLookup)(host).catch(() => {
        throw new Error(`${host} could not be resolved`);
      });
  if (addresses.length === 0) throw new Error(`${host} could not be resolved`);
  if (!rules.allowPrivate) {
    if (addresses.some((entry) => !isPublicAddress(entry.address))) {
      const what = isIP(host) ? 'is' : 'resolves to';
      throw new Error(
        `${host} ${what} a private, local or reserved address, which webhooks may not reach: use a receiver on the public internet`,
      );
    }
  }
  return addresses;
}

/** Checks an endpoint URL when an admin saves it: a 400 naming the url field when refused. */
export async function checkWebhookUrl(raw: string, rules: TargetRules): Promise<string> {
  const url = new URL(raw);
  const refusal = refusalOfUrl(url, rules);
  if (refusal) throw new AppError('INVALID_INPUT', refusal, 'url');
  try {
    await resolvePublic(hostOf(url), rules);
  } catch (error) {
    throw new AppError('INVALID_INPUT', (error as Error).message, 'url');
  }
  return url.href;
}

/** The same URL check at delivery time (the setting or the URL may have changed since). */
export function deliveryRefusal(url: URL, rules: TargetRules): string | null {
  return refusalOfUrl(url, rules);
}
