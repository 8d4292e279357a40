import { sql } from 'kysely';

import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { diskRoom } from '../../platform/disk-reserve.ts';
import { attachmentsMessages as M } from './attachments-messages.ts';

/** An upload no start or resubmit attached within this time is deleted (the form was abandoned). */
export const ORPHAN_LIFETIME_SECONDS = 6 * 3600;

const MB = 1024 * 1024;
const inMb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/**
 * Bytes an upload of `size` may take on the volume before it settles: SQLite writes it to the WAL, and the
 * checkpoint then copies it into the database file (PostgreSQL likewise: its WAL, then the table), so for a while it
 * is on disk twice.
 */
const onDisk = (size: number) => 2 * size;

/**
 * Refuses an upload of `size` bytes (the Content-Length before reading, the file's size after) that would take the
 * data volume's free space below its reserve (DISK_RESERVE_BYTES): the reserve stays for everything else — sign-in
 * sessions, task actions, the WAL's checkpoints — so that a full disk caused by uploads cannot happen.
 */
export async function checkDiskReserve(config: Config, size: number): Promise<void> {
  const room = await diskRoom(config);
  if (room && room.free - onDisk(size) < room.reserve) {
    throw new AppError('DISK_RESERVE_REACHED', M.DISK_RESERVE_REACHED, { reserve: inMb(room.reserve) });
  }
}

/**
 * SQLite: refuses an upload of `size` bytes while the WAL holds more uncopied bytes than half the reserve minus the
 * upload (a backup or another reader keeps the checkpoint from copying past its snapshot). Those bytes are what the
 * checkpoint after a full disk must add to the database file before writes can start the WAL over; kept under
 * half the reserve, freeing the reserve is always enough to recover. Small writes (sign-in, task actions) are not
 * held back; the checkpoint asked for here also copies the previous upload at once.
 */
export async function checkWalBacklog(
  config: Config,
  walPendingBytes: (() => Promise<number>) | undefined,
  size: number,
): Promise<void> {
  if (!walPendingBytes) return;
  const room = await diskRoom(config);
  if (!room) return;
  if ((await walPendingBytes()) + size > room.reserve / 2) {
    throw new AppError('DISK_RESERVE_REACHED', M.DISK_RESERVE_REACHED, { reserve: inMb(room.reserve) });
  }
}

/**
 * Counts an upload of `size` bytes against its owner's quotas, inside the transaction that stores it: adds it to
 * the owner's ledger row for this clock hour (an upsert: the row is locked until the transaction ends, so concurrent
 * uploads of one person — on any instance — wait for each other here, and each sees the one before), then checks the
 * hour's total and the owner's bytes not yet attached, this upload included. Over a limit the error rolls the
 * transaction back, ledger and file together. SQLite's writer lock serialises the same way.
 */
export async function chargeUpload(trx: Db, config: Config, ownerId: string, size: number, now: number): Promise<void> {
  const { bytesPerHour, unattachedBytes } = config.uploadQuota;
  const hour = Math.floor(now / 3600);
  const row = await trx
    .insertInto('upload_usage')
    .values({ owner_id: ownerId, hour, bytes: size })
    .onConflict((oc) =>
      oc.columns(['owner_id', 'hour']).doUpdateSet({ bytes: sql<number>`upload_usage.bytes + excluded.bytes` }),
    )
    .returning('bytes')
    .executeTakeFirstOrThrow();
  if (bytesPerHour !== null && Number(row.bytes) > bytesPerHour) {
    const minutes = Math.max(1, Math.ceil(((hour + 1) * 3600 - now) / 60));
    throw new AppError('UPLOAD_QUOTA_EXCEEDED', M.UPLOAD_HOURLY_QUOTA, { limit: inMb(bytesPerHour), minutes });
  }
  if (unattachedBytes !== null) {
    const held = await trx
      .selectFrom('attachments')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('n'))
      .where('owner_id', '=', ownerId)
      .where('process_id', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(held.n) + size > unattachedBytes) {
      throw new AppError('UPLOAD_QUOTA_EXCEEDED', M.UPLOAD_UNATTACHED_QUOTA, {
        limit: inMb(unattachedBytes),
        hours: ORPHAN_LIFETIME_SECONDS / 3600,
      });
    }
  }
}
