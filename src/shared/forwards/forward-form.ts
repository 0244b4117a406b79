import * as v from 'valibot';
import {
  API_KEY_REQUIRED,
  AUTH_REQUIRED,
  AZURE_IOT_HUB_PORT,
  changedSecret,
  customerId,
  HOSTNAME_NOT_AZURE,
  HOSTNAME_REQUIRED,
  host,
  IP_REQUIRED,
  isHostOrAddress,
  KEY_NAME_REQUIRED,
  KEY_REQUIRED,
  messageTypeIds,
  messageTypeIdsOfForm,
  name,
  newSecret,
  NOT_COMPATIBLE,
  ONE_PROTOCOL,
  optionalText,
  PASSWORD_REQUIRED,
  port,
  protocolIds,
  protocolIdsOfForm,
  requiredSecret,
  status,
  text,
  USERNAME_REQUIRED,
} from './forward-fields';
import {
  allCompatible,
  AZURE_IOT_HUB_SUFFIX,
  FORWARD_PROTOCOL_IDS,
  MESSAGE_TYPE_IDS,
} from './forward-kinds';
import { SECRET_MASK } from './forwards';

export * from './forward-fields';
export { AZURE_IOT_HUB_PORT };

/**
 * The Add Forward / Update Forward forms and the integration modal (spec 02 §5), and the bodies
 * of their calls (spec 02 §7). The API takes the Forward's fields as spec 02 §3 lists them:
 * Username and the secrets may be left out or null (none; on update a secret left out stays).
 * The Add Forward form adds the spec's own rule that each of them is filled in
 * (docs/decisions/049).
 */

const COMPATIBILITY_FIELDS = [['MessageTypes'], ['Protocols']] as const;
const areCompatible = (input: { MessageTypes: number[]; Protocols: number[] }) =>
  allCompatible(input.MessageTypes, input.Protocols);

const COMMON = {
  CustomerId: customerId,
  Name: name,
  IP: host('IP', IP_REQUIRED),
  Port: port,
  Username: optionalText('Username', 200),
  Status: status,
};

/** What create requires besides; the Add Forward form requires these too (spec 02 §5). */
const CREDENTIALS_OF_FORM = {
  Username: text('Username', USERNAME_REQUIRED, 200),
  Password: requiredSecret('Password', PASSWORD_REQUIRED),
  API_KEY: requiredSecret('API_KEY', API_KEY_REQUIRED),
  Auth: requiredSecret('Auth', AUTH_REQUIRED),
};

const CHANGED_SECRETS = {
  Password: changedSecret('Password'),
  API_KEY: changedSecret('API_KEY'),
  Auth: changedSecret('Auth'),
};

const FORWARD_EXAMPLE = {
  CustomerId: 1,
  Name: 'Fleet feed',
  IP: '93.184.215.14',
  Port: 8443,
  Username: 'integration',
  Password: 'example-password',
  API_KEY: 'example-api-key',
  Auth: 'Basic ZXhhbXBsZQ==',
  Status: 1,
  MessageTypes: [MESSAGE_TYPE_IDS.RT],
  Protocols: [FORWARD_PROTOCOL_IDS['HTTP JSON']],
};

/**
 * `POST forwards/`: several protocols make one forward each, every one carrying the chosen
 * message types. Username, Password, API_KEY and Auth left out (or null) are none.
 */
export const ForwardCreateSchema = v.pipe(
  v.object({
    ...COMMON,
    Password: newSecret('Password'),
    API_KEY: newSecret('API_KEY'),
    Auth: newSecret('Auth'),
    MessageTypes: messageTypeIds,
    Protocols: protocolIds,
  }),
  v.forward(v.partialCheck(COMPATIBILITY_FIELDS, areCompatible, NOT_COMPATIBLE), ['Protocols']),
  v.examples([FORWARD_EXAMPLE]),
);
export type ForwardCreateInput = v.InferInput<typeof ForwardCreateSchema>;
export type ForwardCreate = v.InferOutput<typeof ForwardCreateSchema>;

/** Add Forward (spec 02 §5): the same, and Username, Password, API_KEY and Auth each required. */
export const ForwardCreateFormSchema = v.pipe(
  v.object({
    ...COMMON,
    ...CREDENTIALS_OF_FORM,
    MessageTypes: messageTypeIdsOfForm,
    Protocols: protocolIdsOfForm,
  }),
  v.forward(v.partialCheck(COMPATIBILITY_FIELDS, areCompatible, NOT_COMPATIBLE), ['Protocols']),
);
export type ForwardCreateFormInput = v.InferInput<typeof ForwardCreateFormSchema>;

/**
 * `PUT forwards/{id}`: the same fields; a secret left out, blank or sent back as the mask stays
 * as stored (Username left out, blank or null is none); one protocol, still compatible with the
 * message types.
 */
export const ForwardUpdateSchema = v.pipe(
  v.object({
    ...COMMON,
    ...CHANGED_SECRETS,
    MessageTypes: messageTypeIds,
    Protocols: v.pipe(protocolIds, v.maxLength(1, ONE_PROTOCOL)),
  }),
  v.forward(v.partialCheck(COMPATIBILITY_FIELDS, areCompatible, NOT_COMPATIBLE), ['Protocols']),
  v.examples([{ ...FORWARD_EXAMPLE, Password: '', API_KEY: SECRET_MASK, Auth: '' }]),
);
export type ForwardUpdateInput = v.InferInput<typeof ForwardUpdateSchema>;
export type ForwardUpdate = v.InferOutput<typeof ForwardUpdateSchema>;

/**
 * Update Forward: the body's rules over the form's values. A forward stored without a username
 * (or any credential) can be saved as it is: the receiver may take none (decision 049).
 */
export const ForwardUpdateFormSchema = v.pipe(
  v.object({
    ...COMMON,
    ...CHANGED_SECRETS,
    MessageTypes: messageTypeIdsOfForm,
    Protocols: v.pipe(protocolIdsOfForm, v.maxLength(1, ONE_PROTOCOL)),
  }),
  v.forward(v.partialCheck(COMPATIBILITY_FIELDS, areCompatible, NOT_COMPATIBLE), ['Protocols']),
);
export type ForwardUpdateFormInput = v.InferInput<typeof ForwardUpdateFormSchema>;

/** `{hub}.azure-devices.net`, any case; a host name with at least the hub's label before it. */
export const isAzureIotHubHost = (hostname: string): boolean =>
  hostname.toLowerCase().endsWith(AZURE_IOT_HUB_SUFFIX) &&
  hostname.length > AZURE_IOT_HUB_SUFFIX.length &&
  isHostOrAddress(hostname) &&
  !hostname.includes(':');

const INTEGRATION_COMMON = {
  CustomerId: customerId,
  Name: name,
  Hostname: v.pipe(
    text('Hostname', HOSTNAME_REQUIRED, 253, HOSTNAME_NOT_AZURE),
    v.check(isAzureIotHubHost, HOSTNAME_NOT_AZURE),
    v.toLowerCase(),
  ),
  SharedAccessKeyName: text('SharedAccessKeyName', KEY_NAME_REQUIRED, 200),
};

const INTEGRATION_EXAMPLE = {
  CustomerId: 1,
  Name: 'Fleet hub',
  Hostname: `fleet-hub${AZURE_IOT_HUB_SUFFIX}`,
  SharedAccessKeyName: 'iothubowner',
  SharedAccessKey: 'ZXhhbXBsZS1rZXk=',
};

/**
 * `POST forwards/integration` and 'New Integration': an Azure IoT hub (integration type 2), sent
 * RT messages over protocol 'Azure IoT hub' to its host name on port 443.
 */
export const IntegrationCreateSchema = v.pipe(
  v.object({
    ...INTEGRATION_COMMON,
    SharedAccessKey: requiredSecret('SharedAccessKey', KEY_REQUIRED),
  }),
  v.examples([INTEGRATION_EXAMPLE]),
);
export type IntegrationCreateInput = v.InferInput<typeof IntegrationCreateSchema>;
export type IntegrationCreate = v.InferOutput<typeof IntegrationCreateSchema>;

/** `PUT forwards/integration/{id}`: the key left blank stays as stored. */
export const IntegrationUpdateSchema = v.pipe(
  v.object({ ...INTEGRATION_COMMON, SharedAccessKey: changedSecret('SharedAccessKey') }),
  v.examples([{ ...INTEGRATION_EXAMPLE, SharedAccessKey: '' }]),
);
export type IntegrationUpdateInput = v.InferInput<typeof IntegrationUpdateSchema>;
export type IntegrationUpdate = v.InferOutput<typeof IntegrationUpdateSchema>;
