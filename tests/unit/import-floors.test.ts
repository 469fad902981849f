// The floors of ARCHITECTURE.md hold: no import points up a floor and none goes in a circle, as
// .dependency-cruiser.cjs says. A tiny tree of strays shows that the same rules catch each kind.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type ICruiseOptions, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
  options: ICruiseOptions;
};

/** Each violation of the rules in the tree at `baseDir`, as `from → to (rule)`. */
async function violationsIn(baseDir: string, options: ICruiseOptions = {}): Promise<string[]> {
  const { output } = await cruise(['src'], {
    ...config.options,
    ...options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  if (typeof output === 'string') throw new Error('the cruise answered text, not its result');
  return output.summary.violations.map(describeViolation);
}

function describeViolation(violation: IViolation): string {
  const path = violation.cycle?.length
    ? [violation.from, ...violation.cycle.map((step) => step.name)]
    : [violation.from, violation.to];
  return `${path.join(' → ')} (${violation.rule.name})`;
}

describe('import floors', () => {
  it('has no import from a lower floor to a higher one, and no cycle', async () => {
    const violations = await violationsIn(root);
    expect(violations, violations.join('\n')).toEqual([]);
  }, 60_000);

  describe('catches each kind of stray', () => {
    const tree = mkdtempSync(join(tmpdir(), 'import-floors-'));
    afterAll(() => rmSync(tree, { recursive: true, force: true }));

    const files: Record<string, string> = {
      'src/server/services/x.ts': "import { y } from '../jobs/y';\nexport const x = y;\n",
      'src/server/jobs/y.ts': 'export const y = 1;\n',
      'src/server/db/a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'src/server/db/b.ts': "import { a } from './a';\nexport const b = () => a();\n",
      'src/server/index.ts': 'export const server = 1;\n',
      'src/shared/z.ts': "import { server } from '../server';\nexport const z = server;\n",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, file)), { recursive: true });
      writeFileSync(join(tree, file), text);
    }

    it('finds an upward import, a cycle and shared reaching into the server', async () => {
      // The tree has no tsconfig: its relative imports resolve without one.
      const violations = await violationsIn(tree, { tsConfig: undefined });
      expect(violations).toEqual(
        expect.arrayContaining([
          'src/server/services/x.ts → src/server/jobs/y.ts (services-not-to-jobs)',
          expect.stringMatching(/^src\/server\/db\/(a|b)\.ts → .* \(no-circular\)$/),
          'src/shared/z.ts → src/server/index.ts (shared-not-to-server-or-web)',
        ]),
      );
    });
  });
});
