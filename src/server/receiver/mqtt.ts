import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mqtt, { type MqttClient } from 'mqtt';
import { freePort, isEnvelope, summaryOf, TEST_TLS, type Envelope, type OnMessage } from './common';

/**
 * An MQTT broker for MQTT forwards: Debian's mosquitto, started on a port with a generated
 * configuration in a temporary folder (a password file made with mosquitto_passwd when
 * credentials are wanted, a TLS listener with the test certificate when asked), and a mqtt.js
 * subscriber on `fleet-portal/#` that records what the broker passes on.
 */

export const MOSQUITTO = process.env.MOSQUITTO ?? '/usr/sbin/mosquitto';
export const MOSQUITTO_PASSWD = process.env.MOSQUITTO_PASSWD ?? '/usr/bin/mosquitto_passwd';

export interface MqttMessageSeen {
  topic: string;
  envelope: Envelope;
}

export interface MqttReceiver {
  readonly port: number;
  readonly received: MqttMessageSeen[];
  /** Stops the broker (clients are disconnected) until up(), which starts it on the same port. */
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
}

export interface MqttReceiverOptions {
  /** A fixed port; a free one by default. */
  port?: number;
  /** The one account publishers use; anonymous publishers are refused when set. */
  credentials?: { username: string; password: string };
  /** Listen with TLS (test certificate). */
  tls?: boolean;
  onMessage?: OnMessage;
}

const run = promisify(execFile);
const SUBSCRIBER = { username: 'fleet-portal-receiver', password: 'receiver-only-secret' };

async function writeConfig(folder: string, port: number, options: MqttReceiverOptions) {
  const lines = [
    `listener ${String(port)} 127.0.0.1`,
    'persistence false',
    // Started as root, mosquitto would switch to a 'mosquitto' user that cannot read the folder.
    `user ${userInfo().username}`,
    'log_dest stderr',
    'log_type error',
  ];
  if (options.tls) lines.push(`certfile ${TEST_TLS.certPath}`, `keyfile ${TEST_TLS.keyPath}`);
  if (options.credentials) {
    const file = path.join(folder, 'passwd');
    const { username, password } = options.credentials;
    await run(MOSQUITTO_PASSWD, ['-b', '-c', file, username, password]);
    await run(MOSQUITTO_PASSWD, ['-b', file, SUBSCRIBER.username, SUBSCRIBER.password]);
    lines.push('allow_anonymous false', `password_file ${file}`);
  } else {
    lines.push('allow_anonymous true');
  }
  const config = path.join(folder, 'mosquitto.conf');
  await writeFile(config, `${lines.join('\n')}\n`);
  return config;
}

/** Starts mosquitto and connects the subscriber; rejects if the broker exits first. */
async function startBroker(config: string, port: number, options: MqttReceiverOptions) {
  const broker = spawn(MOSQUITTO, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  broker.stderr.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<never>((_, reject) => {
    broker.once('exit', (code) => {
      reject(new Error(`mosquitto exited (${String(code)}): ${log.trim()}`));
    });
    broker.once('error', reject);
  });
  exited.catch(() => undefined);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const subscriber = await Promise.race([connectSubscriber(port, options), exited]);
      return { broker, subscriber };
    } catch (error) {
      if (broker.exitCode !== null || Date.now() > deadline) {
        broker.kill('SIGKILL');
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

async function connectSubscriber(port: number, options: MqttReceiverOptions) {
  const client = await mqtt.connectAsync({
    host: '127.0.0.1',
    port,
    protocol: options.tls ? 'mqtts' : 'mqtt',
    ...(options.tls ? { ca: TEST_TLS.cert, servername: 'localhost' } : {}),
    ...(options.credentials ? SUBSCRIBER : {}),
    reconnectPeriod: 0,
    connectTimeout: 2000,
  });
  await client.subscribeAsync('fleet-portal/#', { qos: 1 });
  return client;
}

function stop(broker: ChildProcess): Promise<void> {
  if (broker.exitCode !== null || broker.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    broker.once('exit', () => {
      resolve();
    });
    broker.kill('SIGTERM');
  });
}

export async function startMqttReceiver(options: MqttReceiverOptions = {}): Promise<MqttReceiver> {
  const folder = await mkdtemp(path.join(tmpdir(), 'fleet-portal-mosquitto-'));
  const received: MqttMessageSeen[] = [];
  let running: { broker: ChildProcess; subscriber: MqttClient } | null = null;
  let port = options.port ?? 0;

  const start = async () => {
    // A free port can be taken between finding and binding it: try a few when it is ours to pick.
    for (let attempt = 1; ; attempt++) {
      const candidate = port || (await freePort());
      const config = await writeConfig(folder, candidate, options);
      try {
        running = await startBroker(config, candidate, options);
        port = candidate;
        break;
      } catch (error) {
        if (options.port !== undefined || port !== 0 || attempt >= 5) throw error;
      }
    }
    running.subscriber.on('message', (topic, payload) => {
      let envelope: unknown;
      try {
        envelope = JSON.parse(payload.toString('utf8'));
      } catch {
        return;
      }
      if (!isEnvelope(envelope)) return;
      received.push({ topic, envelope });
      options.onMessage?.(summaryOf(envelope));
    });
  };
  const halt = async () => {
    if (!running) return;
    const { broker, subscriber } = running;
    running = null;
    subscriber.end(true);
    await stop(broker);
  };

  try {
    await start();
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    get port() {
      return port;
    },
    received,
    down: halt,
    up: start,
    close: async () => {
      await halt();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
