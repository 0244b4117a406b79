import { describe, expect, it } from 'vitest';
import { canSaveChange, selectionAccess, type SaveState } from './access';
import { KEEP } from './change-plan';

describe('selectionAccess (spec 02 §2, §6)', () => {
  it('hides selection and Change Customer from viewers, resellers or not', () => {
    expect(selectionAccess({ Role: 'Viewer', IsReseller: false })).toBe('hidden');
    expect(selectionAccess({ Role: 'Viewer', IsReseller: true })).toBe('hidden');
  });

  it('disables them for users who are not resellers, admins included', () => {
    expect(selectionAccess({ Role: 'User', IsReseller: false })).toBe('disabled');
    expect(selectionAccess({ Role: 'Admin', IsReseller: false })).toBe('disabled');
  });

  it('enables them for resellers, admin resellers too', () => {
    expect(selectionAccess({ Role: 'User', IsReseller: true })).toBe('enabled');
    expect(selectionAccess({ Role: 'Admin', IsReseller: true })).toBe('enabled');
  });
});

describe('canSaveChange (Change Customer modal)', () => {
  const ready: SaveState = {
    isAdmin: false,
    customerId: 4,
    stepCount: 1,
    planning: false,
    saving: false,
  };

  it('keeps Save disabled for non-admins until a customer is chosen', () => {
    expect(canSaveChange(ready)).toBe(true);
    expect(canSaveChange({ ...ready, customerId: null })).toBe(false);
    expect(canSaveChange({ ...ready, customerId: KEEP })).toBe(false);
  });

  it("lets admins save '--' (remove the customer) and keep customers", () => {
    expect(canSaveChange({ ...ready, isAdmin: true, customerId: null })).toBe(true);
    expect(canSaveChange({ ...ready, isAdmin: true, customerId: KEEP })).toBe(true);
  });

  it('needs something to change, a finished plan and no save underway', () => {
    expect(canSaveChange({ ...ready, stepCount: 0 })).toBe(false);
    expect(canSaveChange({ ...ready, planning: true })).toBe(false);
    expect(canSaveChange({ ...ready, saving: true })).toBe(false);
  });
});
