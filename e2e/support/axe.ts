import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface A11yProblem {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core on the page as it is now; only serious and critical violations fail a journey. */
export async function seriousA11yProblems(page: Page): Promise<A11yProblem[]> {
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
