import { spawn } from 'node:child_process';
import pLimit, { type LimitFunction } from 'p-limit';

import { AppError } from '../../platform/app-error.ts';
import { attachmentsMessages as M } from './attachments-messages.ts';

export interface ScanSettings {
  command: string | null;
  timeoutMs: number;
  /** At most this many scans run at once on this instance; further uploads wait their turn. */
  concurrency: number;
}

/**
 * One queue per settings object, that is per server (tests and the CLI build several in one process; each config
 * gets its own). A WeakMap so a dropped config takes its queue with it.
 */
const queues = new WeakMap<ScanSettings, LimitFunction>();
const queueOf = (scan: ScanSettings): LimitFunction => {
  let q = queues.get(scan);
  if (!q) {
    q = pLimit(scan.concurrency);
    queues.set(scan, q);
  }
  return q;
};

/**
 * The virus-scan hook (docs/operations.md, "Attachments"): ATTACHMENT_SCAN_COMMAND runs through the shell for
 * every upload before it is stored, with the file's bytes on its standard input and ATTACHMENT_NAME /
 * ATTACHMENT_TYPE in its environment. Exit 0: clean, stored. Exit 1: refused (ATTACHMENT_REFUSED_BY_SCAN, as
 * clamdscan reports a find). Anything else, or no answer within the timeout: the upload is refused with 503, so a
 * broken scanner never lets files through unscanned. At most `concurrency` scans run at once; the rest queue, and
 * the timeout counts from a scan's own start.
 */
export async function scanUpload(
  scan: ScanSettings,
  file: { name: string; type: string; bytes: Buffer },
): Promise<void> {
  if (!scan.command) return;
  const code = await queueOf(scan)(() => runScanner(scan.command!, scan.timeoutMs, file));
  if (code === 0) return;
  if (code === 1) throw new AppError('ATTACHMENT_REFUSED_BY_SCAN', M.ATTACHMENT_REFUSED_BY_SCAN, { name: file.name });
  throw new AppError('SERVICE_UNAVAILABLE', M.ATTACHMENT_SCAN_UNAVAILABLE);
}

/**
 * Runs the command as the leader of a process group of its own (detached), so the shell and everything it started
 * can be killed together: killing the shell alone left its scanner running after each timeout. The group is
 * killed on timeout and again when the shell exits (a scanner's stray background child goes with it). Settles only
 * once the shell has exited, so the queue's count is the number of scanners really running. Null: no verdict.
 */
function runScanner(
  command: string,
  timeoutMs: number,
  file: { name: string; type: string; bytes: Buffer },
): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      env: { ...process.env, ATTACHMENT_NAME: file.name, ATTACHMENT_TYPE: file.type },
    });
    let timedOut = false;
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* ESRCH: the group is gone already */
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('exit', (exit) => {
      clearTimeout(timer);
      killGroup();
      resolve(timedOut ? null : exit);
    });
    // A scanner that stops reading early (it decided already) must not crash the server with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(file.bytes);
  });
}
