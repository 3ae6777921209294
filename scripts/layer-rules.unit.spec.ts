import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The layer rules of `.dependency-cruiser.cjs` (run by `npm run lint`), applied to small trees
 * planted in a temporary folder: each forbidden import must be reported by name, and a tree
 * that keeps the rules must pass.
 */
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
};

let planted: string | null = null;
afterEach(async () => {
  if (planted !== null) await rm(planted, { recursive: true, force: true });
  planted = null;
});

async function violationsOf(files: Record<string, string>): Promise<string[]> {
  planted = await mkdtemp(join(tmpdir(), 'layers-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(planted, path)), { recursive: true });
    await writeFile(join(planted, path), text);
  }
  const roots = [...new Set(Object.keys(files).map((path) => path.split('/')[0] ?? path))];
  const result = await cruise(roots, {
    baseDir: planted,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('the layer rules', () => {
  it('pass a tree that keeps them', async () => {
    expect(
      await violationsOf({
        'domain/src/order.ts': 'export const order = 1;\n',
        'web-customer/src/shared/messages.ts': 'export const messages = {};\n',
        'web-customer/src/features/orders/orders-screen.ts':
          "import { messages } from '../../shared/messages';\nexport const screen = messages;\n",
        'web-customer/src/features/orders/orders-table.ts':
          "import { screen } from './orders-screen';\nexport const table = screen;\n",
        // Entry points start main/; tests and CLIs may use the testing kits and main.
        'api/src/main/start-server.ts': 'export const start = 1;\n',
        'api/src/main/server.ts':
          "import { start } from './start-server';\nexport const s = start;\n",
        'api/src/features/admin/audit.cli.ts':
          "import { start } from '../../main/start-server';\nexport const a = start;\n",
        'api/src/testing/test-app.ts': 'export const testApp = 1;\n',
        'api/src/features/orders/orders.int.spec.ts':
          "import { testApp } from '../../testing/test-app';\nimport { start } from '../../main/start-server';\nexport const o = [testApp, start];\n",
        'api/src/shared/http-error.ts': 'export const HttpError = 1;\n',
        'api/src/features/orders/route.ts':
          "import { HttpError } from '../../shared/http-error';\nexport const r = HttpError;\n",
        'projections/src/engine/lease.ts': 'export const lease = 1;\n',
        'projections/src/projector/projector.ts':
          "import { lease } from '../engine/lease';\nexport const projector = lease;\n",
        'projections/src/reactor/reactor.ts':
          "import { lease } from '../engine/lease';\nexport const reactor = lease;\n",
      }),
    ).toEqual([]);
  });

  it.each([
    [
      'web-kit importing the api',
      {
        'api/src/app.ts': 'export const app = 1;\n',
        'web-kit/src/client.ts':
          "import { app } from '../../api/src/app';\nexport const c = app;\n",
      },
      'web-kit-depends-on-domain-only: web-kit/src/client.ts → api/src/app.ts',
    ],
    [
      'a feature importing another feature',
      {
        'web-customer/src/features/orders/order.ts': 'export const order = 1;\n',
        'web-customer/src/features/checkout/pay.ts':
          "import { order } from '../orders/order';\nexport const pay = order;\n",
      },
      'no-cross-feature-imports: web-customer/src/features/checkout/pay.ts → web-customer/src/features/orders/order.ts',
    ],
    [
      'a feature importing the app that composes it',
      {
        'web-admin/src/app/messages.ts': 'export const messages = 1;\n',
        'web-admin/src/features/users/users.ts':
          "import { messages } from '../../app/messages';\nexport const u = messages;\n",
      },
      'features-never-import-the-app: web-admin/src/features/users/users.ts → web-admin/src/app/messages.ts',
    ],
    [
      'an api feature importing another api feature',
      {
        'api/src/features/orders/order-view.ts': 'export const view = 1;\n',
        'api/src/features/admin/list.ts':
          "import { view } from '../orders/order-view';\nexport const list = view;\n",
      },
      'no-cross-feature-imports: api/src/features/admin/list.ts → api/src/features/orders/order-view.ts',
    ],
    [
      'another workspace reached by a relative path',
      {
        'domain/src/testing/fixture.ts': 'export const fixture = 1;\n',
        'api/src/orders.int.spec.ts':
          "import { fixture } from '../../domain/src/testing/fixture';\nexport const f = fixture;\n",
      },
      'packages-by-name-only: api/src/orders.int.spec.ts → domain/src/testing/fixture.ts',
    ],
    [
      'projections importing the api',
      {
        'api/src/config.ts': 'export const config = 1;\n',
        'projections/src/runner.ts':
          "import { config } from '../../api/src/config';\nexport const r = config;\n",
      },
      'projections-below-api: projections/src/runner.ts → api/src/config.ts',
    ],
    [
      'the Razorpay sandbox using api code',
      {
        'api/src/signature.ts': 'export const sign = 1;\n',
        'razorpay-sandbox/src/pay.ts':
          "import { sign } from '../../api/src/signature';\nexport const p = sign;\n",
      },
      'razorpay-sandbox-stands-alone: razorpay-sandbox/src/pay.ts → api/src/signature.ts',
    ],
    [
      'domain doing I/O',
      {
        'domain/src/orders.ts':
          "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      },
      // dependency-cruiser names core modules without the node: prefix.
      'domain-is-pure: domain/src/orders.ts → fs',
    ],
    [
      'a circle between two modules',
      {
        'web-kit/src/dialog/dialog.ts':
          "import { shell } from './shell';\nexport const dialog = shell;\n",
        'web-kit/src/dialog/shell.ts':
          "import type { dialog } from './dialog';\nexport const shell = 1;\nexport type D = typeof dialog;\n",
      },
      'no-circular: web-kit/src/dialog/dialog.ts → web-kit/src/dialog/shell.ts',
    ],
    [
      'api shared code importing a feature',
      {
        'api/src/features/accounts/messages.ts': 'export const messages = 1;\n',
        'api/src/shared/rate-limits.ts':
          "import { messages } from '../features/accounts/messages';\nexport const r = messages;\n",
      },
      'api-shared-below-features: api/src/shared/rate-limits.ts → api/src/features/accounts/messages.ts',
    ],
    [
      'an api plugin importing a feature',
      {
        'api/src/features/orders/receipt.ts': 'export const receipt = 1;\n',
        'api/src/plugins/headers.plugin.ts':
          "import { receipt } from '../features/orders/receipt';\nexport const h = receipt;\n",
      },
      'api-shared-below-features: api/src/plugins/headers.plugin.ts → api/src/features/orders/receipt.ts',
    ],
    [
      'api code that is no entry point importing main',
      {
        'api/src/main/start-server.ts': 'export const start = 1;\n',
        'api/src/testing/test-app.ts':
          "import { start } from '../main/start-server';\nexport const t = start;\n",
      },
      'api-main-only-from-entry-points: api/src/testing/test-app.ts → api/src/main/start-server.ts',
    ],
    [
      'production code importing a testing kit',
      {
        'api/src/testing/orders-test-kit.ts': 'export const kit = 1;\n',
        'api/src/features/orders/place-order.ts':
          "import { kit } from '../../testing/orders-test-kit';\nexport const p = kit;\n",
      },
      'production-never-imports-testing: api/src/features/orders/place-order.ts → api/src/testing/orders-test-kit.ts',
    ],
    [
      'the projections engine importing the projector mode',
      {
        'projections/src/projector/checkpoints.ts': 'export const checkpoint = 1;\n',
        'projections/src/engine/subscriber.ts':
          "import { checkpoint } from '../projector/checkpoints';\nexport const e = checkpoint;\n",
      },
      'projections-engine-below-modes: projections/src/engine/subscriber.ts → projections/src/projector/checkpoints.ts',
    ],
    [
      'the projections engine importing the reactor mode',
      {
        'projections/src/reactor/reactor.ts': 'export const reactor = 1;\n',
        'projections/src/engine/subscriber.ts':
          "import { reactor } from '../reactor/reactor';\nexport const e = reactor;\n",
      },
      'projections-engine-below-modes: projections/src/engine/subscriber.ts → projections/src/reactor/reactor.ts',
    ],
  ])('report %s', async (_name, files, expected) => {
    expect(await violationsOf(files)).toContain(expected);
  });
});
