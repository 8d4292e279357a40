import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

import { migrationStatus, openDatabase } from '../../src/db/database.ts';
import { compileEntry } from '../helpers/compiled-entry.ts';
import { freePort, prepareDatabase, ServerProcess } from '../helpers/crash-server.ts';
import { freshPostgresDatabase, freshSqliteFile } from '../helpers/fresh-database.ts';
import { multipartBody, samplePdf } from '../helpers/sample-files.ts';
import { testDialects } from '../helpers/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const cli = await compileEntry('src/cli/admin-cli.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hall-backup-'));
afterAll(() => {
  cli.remove();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm run admin -- …` against `database`, in a child process as an operator runs it. */
function admin(database: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [cli.file, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: database, LANG: 'en_US.UTF-8' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The same, without blocking this process: the writers keep writing while the backup runs. */
function adminAsync(database: string, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli.file, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database, LANG: 'en_US.UTF-8' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe.each(testDialects())('backup and restore on %s', (dialect) => {
  it('restores a backup taken under write load with every acknowledged process and attachment', async () => {
    const port = await freePort();
    const prepared = await prepareDatabase(dialect, port);
    const server = new ServerProcess(prepared.env, port);
    const fresh = dialect === 'postgres' ? await freshPostgresDatabase('sh_restore') : freshSqliteFile('hall-restore');
    try {
      await server.start();
      const token = await prepared.tokenFor('zhangsan');
      const headers = { authorization: `Bearer ${token}` };

      // An attachment: its bytes are in the database (ADR 0026), so the backup must carry them.
      const upload = multipartBody(
        'scan.pdf',
        'application/pdf',
        Buffer.concat([samplePdf, Buffer.alloc(64 * 1024, 9)]),
      );
      const up = await fetch(`${server.url}/api/attachment?code=leave&field=certificate`, {
        method: 'POST',
        headers: { ...headers, 'content-type': upload.contentType },
        body: new Uint8Array(upload.body),
      });
      expect(up.status).toBe(200);

      const acknowledged: string[] = [];
      let stop = false;
      const writer = async () => {
        while (!stop) {
          const data = { leaveType: 'personal', startDate: '2026-11-23', endDate: '2026-11-24', days: 2 };
          const res = await fetch(`${server.url}/api/process`, {
            method: 'PUT',
            headers: {
              ...headers,
              'content-type': 'application/x-www-form-urlencoded',
              'idempotency-key': randomUUID(),
            },
            body: new URLSearchParams({ code: 'leave', data: JSON.stringify({ ...data, reason: 'backup test' }) }),
          });
          const body = (await res.json()) as { entities?: Array<{ id: string }> };
          if (res.status === 200) acknowledged.push(body.entities![0]!.id);
        }
      };
      const writers = [writer(), writer()];
      await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(10);

      const backupFile = path.join(dir, `${dialect}.backup`);
      const before = [...acknowledged];
      const backup = await adminAsync(prepared.url, 'backup', backupFile);
      const duringOrAfter = acknowledged.length - before.length;
      stop = true;
      await Promise.all(writers);
      expect(backup.err).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.out).toMatch(
        /^Backed up to .* \((sqlite|pg_dump), .* MB, migration \d{3}-[\w-]+\); integrity checked\n$/,
      );
      console.info(
        `${dialect}: ${before.length} processes acknowledged before the backup, ${duringOrAfter} while it ran`,
      );

      // A server still has the database open: a restore over it is refused and changes nothing.
      const busy = admin(prepared.url, 'restore', backupFile);
      expect(busy.code).toBe(1);
      expect(busy.err).toMatch(
        dialect === 'sqlite'
          ? /^Refused: .* is open in another process \(a running Service Hall\?\); stop every instance/
          : /^Refused: \d+ other session\(s\) use the database/,
      );

      // A damaged backup is refused before anything is replaced.
      const damaged = path.join(dir, `${dialect}-damaged.backup`);
      const bytes = fs.readFileSync(backupFile);
      fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const bad = admin(fresh.url, 'restore', damaged);
      expect(bad.code).toBe(1);
      expect(bad.err).toMatch(/^Refused: /);

      const restored = admin(fresh.url, 'restore', backupFile);
      expect(restored.err).toBe('');
      expect(restored.out).toMatch(/^Restored from .* \(migration \d{3}-[\w-]+\)/);

      const handle = await openDatabase(fresh.url);
      try {
        const ids = new Set(
          (await handle.db.selectFrom('processes').select('id').execute()).map((r) => r.id as string),
        );
        expect(before.filter((id) => !ids.has(id))).toEqual([]);
        const attachment = await handle.db
          .selectFrom('attachments')
          .select(['size', 'sha256', 'data'])
          .where('name', '=', 'scan.pdf')
          .executeTakeFirstOrThrow();
        expect(Buffer.from(attachment.data as Uint8Array).length).toBe(samplePdf.length + 64 * 1024);
        expect((await migrationStatus(handle.db)).filter((m) => m.state !== 'applied')).toEqual([]);
        if (dialect === 'sqlite') {
          const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(handle.db);
          expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
        }
        // A database at a newer schema than the backup is replaced only with --force.
        await sql`insert into kysely_migration (name, timestamp) values ('999-from-the-future', '2030-01-01')`.execute(
          handle.db,
        );
      } finally {
        await handle.close();
      }
      const older = admin(fresh.url, 'restore', backupFile);
      expect(older.code).toBe(1);
      expect(older.err).toMatch(/newer than the backup's \d{3}-[\w-]+; .* add --force to do it/);
      expect(admin(fresh.url, 'restore', backupFile, '--force').code).toBe(0);
    } finally {
      await server.stop();
      await prepared.drop();
      await fresh.drop();
    }
  }, 300_000);
});
