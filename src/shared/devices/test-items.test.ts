import { describe, expect, it } from 'vitest';
import { outputCommand, parseOutputCommand, testPlan } from './test-items';

const SPEC = ['connection', 'timestamp', 'ignition', 'position', 'odometer', 'vin', 'io1'];

describe('the items of a device’s installation test', () => {
  it('has the spec’s checks always, iButton only with DriverID on', () => {
    expect(testPlan({})).toEqual(SPEC);
    expect(testPlan({ iButton: '0' })).toEqual(SPEC);
    expect(testPlan({ iButton: '1' })).toContain('ibutton');
    // Settings profiles write toggles as True/False (spec 03 §3).
    expect(testPlan({ iButton: 'True' })).toContain('ibutton');
  });

  it('checks the tachograph only with a tacho type and TachoLive or remote download on', () => {
    expect(testPlan({ TachoType: '1' })).not.toContain('tacho');
    expect(testPlan({ TachoType: '0', TachoLiveEnabled: '1' })).not.toContain('tacho');
    expect(testPlan({ TachoType: '2', TachoLiveEnabled: '1' })).toContain('tacho');
    expect(testPlan({ TachoType: '1', TachoRDLEnabled: 'True' })).toContain('tacho');
  });

  it('checks CAN data with a CAN protocol, each Remote Command output, a binary input', () => {
    expect(testPlan({ ProtocolCode: '' })).not.toContain('can');
    expect(testPlan({ ProtocolCode: 'FMSGEN0008' })).toContain('can');
    expect(
      testPlan({ Output1Behaviour: '2', output2Behaviour: '1', output3Behaviour: '2' }),
    ).toEqual([...SPEC, 'output1', 'output3']);
    expect(testPlan({ analogInputFunction: '0' })).toEqual(SPEC);
    expect(testPlan({ analogInputFunction: '1' })).toEqual([...SPEC, 'binaryInput']);
  });

  it('switches an output with a modem command the simulator reads back', () => {
    expect(outputCommand(2, true)).toBe('$SETOUTPUT,2,1');
    expect(parseOutputCommand('$SETOUTPUT,3,0')).toEqual({ output: 3, on: false });
    expect(parseOutputCommand('$SETOUTPUT,4,1')).toBeNull();
  });
});
