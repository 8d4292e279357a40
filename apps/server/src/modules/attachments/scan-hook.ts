import { spawn } from 'node:child_process';
import { AppError } from '../../platform/app-error.ts';
import { attachmentsMessages as M } from './attachments-messages.ts';

/**
 * The virus-scan hook (docs/operations.md, "Attachments"): ATTACHMENT_SCAN_COMMAND runs through the shell for
 * every upload before it is stored, with the file's bytes on its standard input and ATTACHMENT_NAME /
 * ATTACHMENT_TYPE in its environment. Exit 0: clean, stored. Exit 1: refused (ATTACHMENT_REFUSED_BY_SCAN, as
 * clamdscan reports a find). Anything else, or no answer within the timeout: the upload is refused with 503, so a
 * broken scanner never lets files through unscanned.
 */
export async function scanUpload(
  scan: { command: string | null; timeoutMs: number }, file: { name: string; type: string; bytes: Buffer },
): Promise<void> {
  if (!scan.command) return;
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(scan.command!, {
      shell: true, stdio: ['pipe', 'ignore', 'ignore'],
      env: { ...process.env, ATTACHMENT_NAME: file.name, ATTACHMENT_TYPE: file.type },
    });
    const timer = setTimeout(() => { child.kill('SIGKILL'); resolve(null); }, scan.timeoutMs);
    child.on('error', () => { clearTimeout(timer); resolve(null); });
    child.on('close', (exit) => { clearTimeout(timer); resolve(exit); });
    // A scanner that stops reading early (it decided already) must not crash the server with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(file.bytes);
  });
  if (code === 0) return;
  if (code === 1) throw new AppError('ATTACHMENT_REFUSED_BY_SCAN', M.ATTACHMENT_REFUSED_BY_SCAN, { name: file.name });
  throw new AppError('SERVICE_UNAVAILABLE', M.ATTACHMENT_SCAN_UNAVAILABLE);
}
