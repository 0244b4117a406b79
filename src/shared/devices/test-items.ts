import { CHOICE_SETTINGS } from './device-setting-names';

/**
 * The items of an installation test, and which of them a device's test has: the spec's checks
 * always (spec 03 §3), the rest as the device is configured (docs/installation-test.md "Items").
 * Written once here: the server evaluates exactly these, the page lays out what the server sends.
 */

/** Test item states (spec 03 §3). */
export const TEST_ITEM_STATE = { ok: 1, pending: 2, failed: 3, awaitingConfirmation: 4 } as const;
export type TestItemState = (typeof TEST_ITEM_STATE)[keyof typeof TEST_ITEM_STATE];

/** Every check an installation test can have, in display order. */
export const TEST_ITEM_KEYS = [
  'connection',
  'timestamp',
  'ignition',
  'position',
  'odometer',
  'vin',
  'ibutton',
  'io1',
  'tacho',
  'can',
  'output1',
  'output2',
  'output3',
  'binaryInput',
] as const;
export type TestItemKey = (typeof TEST_ITEM_KEYS)[number];

/** A test progress item (spec 03 §3: title, desc, value, state) plus a stable key. */
export interface TestItem {
  key: TestItemKey;
  title: string;
  desc: string;
  value: string;
  state: TestItemState;
}

/** The outputs a test can switch, by item. */
export const OUTPUT_ITEMS = { output1: 1, output2: 2, output3: 3 } as const;
export type OutputItemKey = keyof typeof OUTPUT_ITEMS;
export const isOutputItem = (key: TestItemKey): key is OutputItemKey => key in OUTPUT_ITEMS;

/** What each check shows (titles and descriptions are sent by the server in every item). */
export const TEST_ITEM_TEXTS: Record<TestItemKey, { title: string; desc: string }> = {
  connection: { title: 'Connection', desc: 'The device sends readable messages to the middleware' },
  timestamp: { title: 'Timestamp', desc: "The device's clock is close to the server's" },
  ignition: { title: 'Ignition', desc: 'Is the ignition really in the state shown?' },
  position: { title: 'Position', desc: 'A GNSS fix with enough satellites' },
  odometer: { title: 'Odometer', desc: "Does it match the vehicle's odometer?" },
  vin: { title: 'VIN', desc: "Is this the vehicle's VIN?" },
  ibutton: { title: 'iButton', desc: 'Present a driver key to the reader' },
  io1: { title: 'IO1', desc: 'Is input 1 really in the state shown?' },
  tacho: { title: 'Tachograph', desc: 'TachoLive or remote download messages arrive' },
  can: { title: 'CAN data', desc: 'Speed, engine speed or fuel level from the vehicle bus' },
  output1: { title: 'Output 1', desc: 'Switch it from here: did the connected equipment follow?' },
  output2: { title: 'Output 2', desc: 'Switch it from here: did the connected equipment follow?' },
  output3: { title: 'Output 3', desc: 'Switch it from here: did the connected equipment follow?' },
  binaryInput: { title: 'Binary input', desc: 'Switch the input on and off once' },
};

/** The configuration values the plan reads (a device's configuration is SettingName → text). */
export type TestConfig = Readonly<Record<string, unknown>>;

// Toggles are '1'/'0' on devices; settings profiles write 'True'/'False' (spec 03 §3).
const isOn = (value: unknown): boolean =>
  value === true || value === 1 || (typeof value === 'string' && /^(1|true)$/i.test(value.trim()));
const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

const REMOTE_COMMAND = choiceValue('Output1Behaviour', 'Remote Command');
const BINARY_INPUT = choiceValue('analogInputFunction', 'Binary Input');
const OUTPUT_BEHAVIOUR_SETTINGS: Record<OutputItemKey, string> = {
  output1: 'Output1Behaviour',
  output2: 'output2Behaviour',
  output3: 'output3Behaviour',
};

function choiceValue(setting: keyof typeof CHOICE_SETTINGS, label: string): string {
  const options: Record<number, string> = CHOICE_SETTINGS[setting];
  const entry = Object.entries(options).find(([, name]) => name === label);
  if (!entry) throw new Error(`${setting} has no option ${label}`);
  return entry[0];
}

/**
 * The items of a device's test, in display order, from the configuration it is set to have:
 * iButton only with DriverID (the iButton toggle) on; the tachograph when a tacho type is set
 * and TachoLive or remote download is on; CAN data when a CAN protocol is set; each output set
 * to 'Remote Command'; the binary input when the analog input is one.
 */
export function testPlan(config: TestConfig): TestItemKey[] {
  const tachoType = text(config.TachoType);
  const wanted: Record<TestItemKey, boolean> = {
    connection: true,
    timestamp: true,
    ignition: true,
    position: true,
    odometer: true,
    vin: true,
    ibutton: isOn(config.iButton),
    io1: true,
    tacho:
      tachoType !== '' &&
      tachoType !== '0' &&
      (isOn(config.TachoLiveEnabled) || isOn(config.TachoRDLEnabled)),
    can: text(config.ProtocolCode) !== '',
    output1: text(config[OUTPUT_BEHAVIOUR_SETTINGS.output1]) === REMOTE_COMMAND,
    output2: text(config[OUTPUT_BEHAVIOUR_SETTINGS.output2]) === REMOTE_COMMAND,
    output3: text(config[OUTPUT_BEHAVIOUR_SETTINGS.output3]) === REMOTE_COMMAND,
    binaryInput: text(config.analogInputFunction) === BINARY_INPUT,
  };
  return TEST_ITEM_KEYS.filter((key) => wanted[key]);
}

/**
 * The modem request that switches an output (docs/device-protocol.md "Outputs"); the device
 * reports the new state in its next message's `Output{n}`.
 */
export const outputCommand = (output: 1 | 2 | 3, on: boolean): string =>
  `$SETOUTPUT,${output},${on ? 1 : 0}`;
/** Reads an output command back (the simulator executes it). */
export function parseOutputCommand(command: string): { output: 1 | 2 | 3; on: boolean } | null {
  const match = /^\$SETOUTPUT,([123]),([01])$/.exec(command.trim());
  if (!match) return null;
  return { output: Number(match[1]) as 1 | 2 | 3, on: match[2] === '1' };
}
