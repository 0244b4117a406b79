import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Device } from '../../../shared/devices';

/** Marks the parts of the page where a click keeps the selection (list, footer, modal). */
export const SELECTION_ZONE = { 'data-selection-zone': '' } as const;

export interface DeviceSelection {
  count: number;
  devices: Device[];
  isSelected: (id: number) => boolean;
  toggle: (device: Device) => void;
  /** Selects (or deselects) all of `devices` at once: the header checkbox. */
  setAll: (devices: readonly Device[], selected: boolean) => void;
  clear: () => void;
}

/**
 * The checked devices, kept by Id with the device itself so the modal knows their customer and
 * group even when the list behind it has changed. Clicking outside the selection zones clears it
 * (spec 02 "Devices page"); `keepOnOutsideClick` holds it while the modal is open.
 */
export function useDeviceSelection(keepOnOutsideClick: boolean): DeviceSelection {
  const [selected, setSelected] = useState<ReadonlyMap<number, Device>>(() => new Map());

  const clear = useCallback(() => {
    setSelected((current) => (current.size === 0 ? current : new Map()));
  }, []);

  const active = selected.size > 0 && !keepOnOutsideClick;
  useEffect(() => {
    if (!active) return;
    // 'click', not 'pointerdown': a finger that scrolls the page must not clear the selection.
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('[data-selection-zone]')) return;
      clear();
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
    };
  }, [active, clear]);

  // Stable, so memoised rows only re-render when their own checkbox changes.
  const toggle = useCallback((device: Device) => {
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(device.Id)) next.set(device.Id, device);
      return next;
    });
  }, []);
  const setAll = useCallback((devices: readonly Device[], on: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const device of devices) {
        if (on) next.set(device.Id, device);
        else next.delete(device.Id);
      }
      return next;
    });
  }, []);

  return useMemo(
    () => ({
      count: selected.size,
      devices: [...selected.values()],
      isSelected: (id) => selected.has(id),
      toggle,
      setAll,
      clear,
    }),
    [selected, toggle, setAll, clear],
  );
}
