import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real small volume (tmpfs of `megabytes`) in a directory of its own, for what happens when the disk fills:
 * `fill()` writes a filler file until the volume refuses another byte (ENOSPC), `free(bytes)` gives that many back.
 * Needs the right to mount (root in the test container); `available()` says whether it has it.
 */
export class SmallVolume {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sh-volume-'));
  private readonly filler = path.join(this.dir, 'filler');
  private mounted = false;
  constructor(megabytes: number) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', this.dir]);
    this.mounted = true;
  }

  /** Bytes free on the volume. */
  free(): number {
    const s = fs.statfsSync(this.dir);
    return s.bavail * s.bsize;
  }

  /** Writes the filler until the volume is full; returns the bytes written. */
  fill(): number {
    const fd = fs.openSync(this.filler, 'a');
    let written = 0;
    try {
      for (const size of [1024 * 1024, 64 * 1024, 4096, 512, 1]) {
        const chunk = Buffer.alloc(size, 1);
        for (;;) {
          try {
            written += fs.writeSync(fd, chunk);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
            throw err;
          }
        }
      }
    } finally {
      fs.closeSync(fd);
    }
    return written;
  }

  /** Shortens the filler by `bytes` (all of it when it is shorter). */
  release(bytes: number): void {
    const size = fs.statSync(this.filler).size;
    fs.truncateSync(this.filler, Math.max(0, size - bytes));
  }

  close(): void {
    if (this.mounted) execFileSync('umount', ['-l', this.dir]);
    this.mounted = false;
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
