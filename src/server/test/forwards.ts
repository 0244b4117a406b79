import { FORWARD_PROTOCOL_IDS, MESSAGE_TYPE_IDS } from '@shared/forwards/forward-kinds';

/** A valid `POST forwards/` body: TD and RT over HTTP JSON to a public address (example.com's). */
export const forwardBody = (customer: number, name: string) => ({
  CustomerId: customer,
  Name: name,
  IP: '93.184.215.14',
  Port: 8443,
  Username: 'feeder',
  Password: 'pw-1',
  API_KEY: 'key-1',
  Auth: 'Bearer t-1',
  Status: 1,
  MessageTypes: [MESSAGE_TYPE_IDS.RT, MESSAGE_TYPE_IDS.TD],
  Protocols: [FORWARD_PROTOCOL_IDS['HTTP JSON']],
});

/**
 * Targets refused with what the check calls them: IPv6 forms that carry a refused IPv4 address
 * and special-purpose ranges that were accepted until issue 25, and a few of the rest.
 */
export const REFUSED_TARGETS: [string, RegExp][] = [
  ['64:ff9b::a00:1', /^the NAT64 form of a private address, 10\.0\.0\.1$/],
  ['64:ff9b::a9fe:a9fe', /^the NAT64 form of a link-local address, 169\.254\.169\.254$/],
  ['64:ff9b:1::a00:1', /^the local-use NAT64 form of a private address, 10\.0\.0\.1$/],
  ['2002:7f00:1::', /^the 6to4 form of a loopback address, 127\.0\.0\.1$/],
  ['::10.0.0.1', /^the IPv4-compatible form of a private address, 10\.0\.0\.1$/],
  ['::ffff:0:a00:1', /^the IPv4-translated form of a private address, 10\.0\.0\.1$/],
  ['fec0::1', /^a site-local address$/],
  ['100::1', /^a discard-only address$/],
  ['198.18.0.1', /^a benchmarking address$/],
  ['240.0.0.1', /^a reserved address$/],
  ['192.0.2.10', /^a documentation address$/],
  ['198.51.100.7', /^a documentation address$/],
  ['203.0.113.20', /^a documentation address$/],
  ['2001:db8::1', /^a documentation address$/],
  ['2001::a00:1', /^the Teredo form of /],
  ['2001:2::1', /^a benchmarking address$/],
  ['2001:20::1', /^an ORCHID identifier$/],
  ['192.0.0.9', /^an IETF protocol address$/],
  ['192.88.99.1', /^a 6to4 relay address \(deprecated\)$/],
  ['255.255.255.255', /^the broadcast address$/],
];
