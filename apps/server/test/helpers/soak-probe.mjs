/**
 * Preloaded into the soak's server child (NODE_OPTIONS=--import …/soak-probe.mjs, SOAK_PROBE_FILE=<path>). On
 * SIGUSR2 it runs a full garbage collection and writes process.memoryUsage() to SOAK_PROBE_FILE as JSON, so the
 * soak can compare the live heap (what a leak grows) and not only RSS. If `<SOAK_PROBE_FILE>.heap` exists at that
 * moment, a heap snapshot is first written to the path it names (for diagnosis). Test-only: nothing in src loads it.
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  process.on('SIGUSR2', () => {
    gc();
    const m = process.memoryUsage();
    const request = `${file}.heap`;
    if (fs.existsSync(request)) {
      const target = fs.readFileSync(request, 'utf8').trim();
      fs.rmSync(request);
      v8.writeHeapSnapshot(target);
    }
    // Written last: the soak waits for it, so a snapshot is complete when the sample arrives.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ ...m, at: Date.now() }));
    fs.renameSync(`${file}.tmp`, file);
  });
}
