/** Emitted once per stored device message, after its transaction committed. */
export interface DeviceMessageEvent {
  deviceId: number;
  imei: string;
  rawMessageId: number;
  /** Server receive time (`raw_messages.time_stamp_server`). */
  at: Date;
  /** The body exactly as stored. */
  body: string;
  validJson: boolean;
  /** The parsed body when it is a JSON object, so listeners need not parse it again. */
  data: Record<string, unknown> | null;
}

/**
 * Emitted after commit for a stored message whose answer handed the device library settings
 * (ProtocolCode, Firmware, BooterVersion) or which acknowledged settings (applied or failed).
 */
export interface DeviceSettingsEvent {
  deviceId: number;
  /** Library settings in the answer. */
  sent: number[];
  /** Settings the message acknowledged, applied or failed (ids as the device sent them). */
  acknowledged: number[];
}

/** Emitted when a device fetches (part of) a library file its pending settings name. */
export interface LibraryFetchEvent {
  deviceId: number;
  fileId: number;
  /** The pending settings that name the file. */
  settingIds: number[];
}

export interface DeviceEventMap {
  message: DeviceMessageEvent;
  settings: DeviceSettingsEvent;
  fetch: LibraryFetchEvent;
}

type Listener<T> = (event: T) => void;

/**
 * A small typed emitter for in-process subscribers (the installation-test hub). Listeners run
 * synchronously after commit; one that throws is reported and never disturbs ingest or the others.
 */
export class DeviceEvents {
  readonly #listeners = new Map<keyof DeviceEventMap, Set<Listener<never>>>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  on<K extends keyof DeviceEventMap>(name: K, listener: Listener<DeviceEventMap[K]>): () => void {
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => {
      this.off(name, listener);
    };
  }

  off<K extends keyof DeviceEventMap>(name: K, listener: Listener<DeviceEventMap[K]>): void {
    this.#listeners.get(name)?.delete(listener);
  }

  listenerCount(name: keyof DeviceEventMap): number {
    return this.#listeners.get(name)?.size ?? 0;
  }

  emit<K extends keyof DeviceEventMap>(name: K, event: DeviceEventMap[K]): void {
    const set = this.#listeners.get(name) as Set<Listener<DeviceEventMap[K]>> | undefined;
    if (!set) return;
    for (const listener of set) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
