import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { pathOf, toastOf } from './app';

/** The mass-update end-to-end tests (tests/e2e/rollouts): the review step's moves. */
export const SHOTS = '/tmp/shots';

/** How many devices the review says it will update (its big number). */
export async function updateCount(dialog: Locator): Promise<number> {
  const text = await dialog.getByText(/devices? will be updated/).textContent();
  return Number(/^(\d+)/.exec(text ?? '')?.[1] ?? Number.NaN);
}

/** Waits for the review; includes the offline devices when nothing else would change. */
export async function readyToStart(dialog: Locator): Promise<void> {
  await dialog.getByText(/will be updated/).waitFor();
  if ((await updateCount(dialog)) > 0) return;
  await dialog.getByRole('checkbox', { name: /^Include \d+ devices? not heard from/ }).check();
  await expect.poll(() => updateCount(dialog)).toBeGreaterThan(0);
}

/**
 * Starts the reviewed rollout, waits for the toast `toast(count)` and follows its 'View rollout'
 * link; answers the rollout's id.
 */
export async function startAndOpen(
  page: Page,
  dialog: Locator,
  toast: (count: number) => string,
): Promise<number> {
  const count = await updateCount(dialog);
  await dialog.getByRole('button', { name: 'Start rollout' }).click();
  await toastOf(page, toast(count)).getByRole('link', { name: 'View rollout' }).click();
  await page.waitForURL((url) => /^\/rollouts\/\d+$/.test(url.pathname));
  return Number(pathOf(page).split('/').pop());
}
