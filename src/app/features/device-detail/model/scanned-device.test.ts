import { describe, expect, it } from 'vitest';
import { deviceFixture } from '@app/features/devices/test/device-fixture';
import { scannedDevice } from './scanned-device';

const IMEI = '490154203237518';
const ICCID = '8931440400012345674';

describe('scannedDevice', () => {
  it('takes the device whose IMEI is the scanned one, not one that merely contains it', () => {
    const wanted = deviceFixture(2, { IMEI });
    const other = deviceFixture(3, { IMEI: `1${IMEI}` });
    expect(scannedDevice({ kind: 'imei', value: IMEI }, [other, wanted])).toEqual({
      kind: 'one',
      device: wanted,
    });
    expect(scannedDevice({ kind: 'imei', value: IMEI }, [other])).toEqual({ kind: 'none' });
  });

  it('matches an ICCID stored with or without its F pad', () => {
    const padded = deviceFixture(4, { ICCID: `${ICCID}F` });
    expect(scannedDevice({ kind: 'iccid', value: ICCID }, [padded])).toEqual({
      kind: 'one',
      device: padded,
    });
    const plain = deviceFixture(5, { ICCID });
    expect(scannedDevice({ kind: 'iccid', value: ICCID }, [padded, plain])).toEqual({
      kind: 'several',
      count: 2,
    });
  });
});
