// Which addresses a webhook may reach (src/domain/address-policy.ts): public unicast only, and none of
// the IPv6 spellings that carry a private IPv4 address.
import t from 'tap'
import { isBlockedAddress } from '../src/domain/address-policy.js'

t.test('special-purpose addresses are refused, public ones allowed', async (t) => {
  const blocked = [
    '127.0.0.1', '0.0.0.0', '10.1.2.3', '172.16.0.1', '192.168.1.1', '100.64.0.1', '169.254.169.254',
    '192.0.2.1', '198.18.0.1', '224.0.0.1', '255.255.255.255', '240.0.0.1',
    '::', '::1', 'fe80::1', 'fd00::1', 'fd00:ec2::254', 'fec0::1', 'ff02::1', '100::1', '2001:db8::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::127.0.0.1', '::10.0.0.1',
    // 6to4 (2002::/16) embedding 127.0.0.1 and 10.0.0.1; Teredo (2001::/32) with an obfuscated client
    // address; NAT64, well-known (64:ff9b::/96) and local-use (64:ff9b:1::/48).
    '2002:7f00:1::1', '2002:a00:1::', '2001:0:4136:e378:8000:63bf:f5ff:fffe', '64:ff9b::a00:1', '64:ff9b:1::a00:1',
    'not an address', '',
  ]
  for (const address of blocked) t.ok(isBlockedAddress(address), `${address || '(empty)'} is refused`)
  for (const address of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:81c::200e']) {
    t.notOk(isBlockedAddress(address), `${address} is allowed`)
  }
})
