import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
// Evaluated, not added as a script tag: the portal's CSP refuses inline scripts, rightly.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/**
 * The page's accessibility violations by axe-core (WCAG 2 A and AA rules), as
 * 'rule (impact): selectors' lines; empty when clean.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    // Toasts fade in and out: axe reads their colours mid-animation.
    const result = await axe.run(
      { exclude: [['[data-sonner-toaster]']] },
      { runOnly: ['wcag2a', 'wcag2aa'] },
    );
    return result.violations;
  });
  return violations.map(
    (v) => `${v.id} (${v.impact ?? '?'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
