// Which IP addresses a webhook may reach: only public unicast ones. ipaddr.js classifies an address
// into its special-purpose range (IANA's registries): loopback, private, link-local (cloud metadata
// included), unique-local, IPv4-mapped, NAT64, 6to4, Teredo, documentation, reserved… all refused.
import ipaddr from 'ipaddr.js'

/**
 * IPv4-compatible IPv6 addresses (::a.b.c.d, deprecated by RFC 4291), which ipaddr.js counts as
 * unicast: they embed an IPv4 address as the ranges above do.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96')

export function isBlockedAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true
  const ip = ipaddr.parse(address)
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).match(IPV4_COMPATIBLE)) return true
  return ip.range() !== 'unicast'
}
