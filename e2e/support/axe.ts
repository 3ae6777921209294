import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { waitForSettled } from './browser';

export interface A11yProblem {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core on the page once it has settled; only serious and critical violations fail a
 * journey. Settled matters: a dialog or toast still fading in has a colour contrast that is
 * neither its real one nor stable, and axe would report whichever frame it caught.
 */
export async function seriousA11yProblems(page: Page): Promise<A11yProblem[]> {
  await waitForSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
