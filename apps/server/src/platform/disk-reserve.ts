import fs from 'node:fs/promises';

import type { Config } from '../config.ts';

/** The data volume's free space (for an unprivileged process) and the reserve it must keep, in bytes. */
export interface DiskRoom {
  free: number;
  reserve: number;
}

/**
 * Free space and reserve of the volume holding `config.dataDir` (the SQLite file's directory), from statfs: what
 * `df` shows as available. Null when nothing is to be checked: no reserve configured, no data directory known
 * (PostgreSQL without DATA_DIR: its disk is the database server's), or a volume statfs cannot describe.
 */
export async function diskRoom(config: Config): Promise<DiskRoom | null> {
  if (!config.diskReserve || !config.dataDir) return null;
  let s;
  try {
    s = await fs.statfs(config.dataDir);
  } catch {
    return null;
  }
  const reserve =
    'bytes' in config.diskReserve
      ? config.diskReserve.bytes
      : Math.ceil((s.blocks * s.bsize * config.diskReserve.percent) / 100);
  return { free: s.bavail * s.bsize, reserve };
}
