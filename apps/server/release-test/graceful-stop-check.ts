import { expect } from 'vitest';

import { listening, openEventStream, requestInFlight, sleep, type Started } from './http-helpers.ts';

/** What a SIGTERM did, for the test's assertions and the closing note. */
export interface StopReport {
  exitMs: number;
  exitCode: number | null;
  inFlightStatus: number;
}

/** The server's own process id, from its JSON log lines (under `npm start` it is not the process the test spawned). */
export function serverPid(started: Started): number {
  const line = started
    .output()
    .split('\n')
    .find((l) => l.startsWith('{"level"'));
  if (!line) throw new Error(`no log line with a pid:\n${started.output()}`);
  return (JSON.parse(line) as { pid: number }).pid;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends SIGTERM to the process the operator started (npm, or node itself) while a request is in flight and a push
 * stream is open, then checks what an operator would: the request is answered, the stream is closed, the process
 * and the server under it exit within 10 s with code 0, nothing listens on the port any more, and no server process
 * is left behind.
 */
export async function stopWhileBusy(started: Started, base: string, port: number, token: string): Promise<StopReport> {
  const pid = serverPid(started);
  const stream = await openEventStream(base, token);
  const inFlight = requestInFlight(base, '/manage/apps/recommended', token, {
    pageSize: '5',
    filler: 'x'.repeat(2000),
  });
  await sleep(300); // the server has the request's headers and is waiting for the rest of its body
  const signalled = Date.now();
  started.child.kill('SIGTERM');
  await sleep(500);
  inFlight.finish();
  const answer = await inFlight.response;
  expect(answer.status, answer.body).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ code: 0 });
  const streamText = await stream.ended;
  expect(streamText).toContain('event: ready');
  const exit = await Promise.race([started.exited, sleep(15_000).then(() => null)]);
  expect(exit, `still running 15 s after SIGTERM:\n${started.output()}`).not.toBeNull();
  const exitMs = exit!.at - signalled;
  expect(exitMs).toBeLessThan(10_000);
  expect(exit!.code, started.output()).toBe(0);
  for (let i = 0; i < 50 && alive(pid); i++) await sleep(100);
  expect(alive(pid), `server process ${pid} outlived the process that was signalled`).toBe(false);
  expect(await listening(port)).toBe(false);
  expect(started.output()).toMatch(/"msg":"stopped"/);
  return { exitMs, exitCode: exit!.code, inFlightStatus: answer.status };
}
