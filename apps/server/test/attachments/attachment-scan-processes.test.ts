// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { scanUpload, type ScanSettings } from '../../src/modules/attachments/scan-hook.ts';
import { AppError } from '../../src/platform/app-error.ts';

/**
 * The scan hook runs a real scanner script: a shell that starts a child, as wrappers around clamdscan or curl do.
 * What an operator sees is checked: which processes are left after a timeout, how many scanners ran at once.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'scan-hook-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string) => ({ name, type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 sample') });
const outcome = (p: Promise<void>) =>
  p.then(
    () => 'clean',
    (e: unknown) => (e instanceof AppError ? e.ecode : String(e)),
  );

/** Whether a process still runs (a zombie waiting to be reaped has stopped running). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('the attachment scan hook with a real scanner', () => {
  it('kills the whole process group on a timeout: neither the shell nor its child remains', async () => {
    const pids = path.join(dir, 'pids');
    // The shell records itself and its child, then waits for the child that never finishes in time.
    const script = path.join(dir, 'slow-scanner.sh');
    writeFileSync(script, `cat > /dev/null\nsleep 300 &\necho "$$ $!" >> ${pids}/$ATTACHMENT_NAME\nwait\n`);
    rmSync(pids, { recursive: true, force: true });
    mkdirSync(pids);
    const scan: ScanSettings = { command: `sh ${script}`, timeoutMs: 500, concurrency: 4 };
    const results = await Promise.all(['a.pdf', 'b.pdf', 'c.pdf'].map((n) => outcome(scanUpload(scan, file(n)))));
    expect(results).toEqual(['SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE']);
    const started = readdirSync(pids).flatMap((n) =>
      readFileSync(path.join(pids, n), 'utf8').trim().split(/\s+/).map(Number),
    );
    expect(started).toHaveLength(6);
    // SIGKILL is delivered at once; the kernel and init may take a moment to finish each process off.
    await vi.waitFor(() => expect(started.filter(running)).toEqual([]), { timeout: 5000, interval: 20 });
  });

  it('never runs more scanners at once than the bound, and every queued upload is still scanned', async () => {
    const log = path.join(dir, 'runs.log');
    writeFileSync(log, '');
    const script = path.join(dir, 'counting-scanner.sh');
    writeFileSync(
      script,
      `cat > /dev/null\necho "start $$" >> ${log}\nsleep 0.2 &\nwait\necho "stop $$" >> ${log}\nexit 0\n`,
    );
    const scan: ScanSettings = { command: `sh ${script}`, timeoutMs: 20_000, concurrency: 2 };
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => outcome(scanUpload(scan, file(`f${i}.pdf`)))),
    );
    expect(results).toEqual(Array(6).fill('clean'));
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    let now = 0;
    let most = 0;
    for (const line of lines) {
      now += line.startsWith('start') ? 1 : -1;
      most = Math.max(most, now);
    }
    expect(lines.filter((l) => l.startsWith('start'))).toHaveLength(6);
    expect(most).toBe(2);
  });
});
