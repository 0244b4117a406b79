import { FORWARD_PROTOCOL_IDS, MESSAGE_TYPE_IDS } from '../../shared/forward-kinds';

/** A valid `POST forwards/` body: TD and RT over HTTP JSON to a public address. */
export const forwardBody = (customer: number, name: string) => ({
  CustomerId: customer,
  Name: name,
  IP: '203.0.113.20',
  Port: 8443,
  Username: 'feeder',
  Password: 'pw-1',
  API_KEY: 'key-1',
  Auth: 'Bearer t-1',
  Status: 1,
  MessageTypes: [MESSAGE_TYPE_IDS.RT, MESSAGE_TYPE_IDS.TD],
  Protocols: [FORWARD_PROTOCOL_IDS['HTTP JSON']],
});
