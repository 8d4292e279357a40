// @vitest-environment node
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The build swaps two modules inside third-party packages (the `antd-stubs` plugin in vite.config.ts). Each swap
 * rests on what one file of that package does, so each is pinned to the package's version and to that file's
 * bytes: an upgrade fails here until someone re-reads the file, checks the reason below still holds, and updates
 * the pin. The swap itself keeps working silently otherwise, which is the danger.
 */
const require = createRequire(path.join(import.meta.dirname, '../../../package.json'));

function packageFile(pkg: string, file: string) {
  const root = path.dirname(require.resolve(`${pkg}/package.json`));
  const version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return { version, text, sha256: createHash('sha256').update(text).digest('hex') };
}

describe('third-party internals the build substitutes', () => {
  it("antd's ConfigProvider renders tooltip/UniqueProvider only for tooltip.unique, which the app never sets", () => {
    const f = packageFile('antd', 'es/config-provider/index.js');
    // The plugin matches this import from this file.
    expect(f.text).toContain("import UniqueProvider from '../tooltip/UniqueProvider';");
    // The stub renders its children, which is what ConfigProvider does without `tooltip.unique`.
    expect(f.text).toMatch(
      /if \(tooltip\?\.unique\) \{\s*childNode = \/\*#__PURE__\*\/React\.createElement\(UniqueProvider,/,
    );
    expect({ version: f.version, sha256: f.sha256 }).toEqual({
      version: '6.6.8',
      sha256: 'ef9f072ba2aa07aa8d04d785144b592cb9d5f07b185e218ff129ef2245c87277',
    });
  });

  it("@rc-component/table measures the scrollbar through @rc-component/util's getTargetScrollBarSize", () => {
    const f = packageFile('@rc-component/table', 'es/Table.js');
    // The plugin swaps @rc-component/util for this file only; the shim re-exports everything else.
    expect(f.text).toMatch(/import \{[^}]*\bgetTargetScrollBarSize\b[^}]*\} from '@rc-component\/util';/);
    // Only the width is read, and only a fixed header uses it (checked by rc-table-scrollbar-size.test.ts).
    expect(f.text.match(/getTargetScrollBarSize\([^)]*\)(\.\w+)?/g)).toEqual([
      'getTargetScrollBarSize(scrollBodyRef.current).width',
      'getTargetScrollBarSize(scrollBodyContainerRef.current).width',
    ]);
    expect({ version: f.version, sha256: f.sha256 }).toEqual({
      version: '1.11.1',
      sha256: 'd1bd3aa11cc9c1c39cb56876f48ee25e67abe7ddbb2796f6055603364f1dcee5',
    });
  });
});
