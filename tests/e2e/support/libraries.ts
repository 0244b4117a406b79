import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

/** The library screens' end-to-end tests (tests/e2e/qtlibrary, firmware): shared steps. */
export const SHOTS = '/tmp/shots-libraries';
export const PHONE = { width: 390, height: 844 };

/** Files written to a temp folder before the file's tests, removed after: name → bytes. */
export function useUploadFiles(files: Record<string, Buffer | string>): (name: string) => string {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'fp-libraries-'));
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return (name) => path.join(dir, name);
}

/** A field's message: the text of what describes its control (aria-describedby). */
export const expectMessage = async (control: Locator, message: string) => {
  const described = () =>
    control.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
  await expect.poll(described).toContain(message);
};

/**
 * Visits a field and leaves it, so its rule speaks, once it takes input: a select whose options
 * load is off until they are there, and focusing it before does nothing.
 */
export const visit = async (control: Locator) => {
  await expect.poll(() => control.isEnabled()).toBe(true);
  await control.focus();
  await control.blur();
};

/** Types into a field and leaves it, so its rule speaks. */
export const enter = async (control: Locator, text: string) => {
  await control.fill(text);
  await control.blur();
};

/** Each [label, text, message]: the text entered in the field brings the message under it. */
export async function expectRules(
  field: (label: string) => Locator,
  rules: readonly (readonly [string, string, string])[],
) {
  for (const [label, text, message] of rules) {
    await enter(field(label), text);
    await expectMessage(field(label), message);
  }
}

/** Waits for a dialog's fade and slide to end, so a screenshot shows it as the user sees it. */
export const settled = (dialog: Locator) =>
  dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
