// The peer of the jobs benchmark: graphile-worker on the same PostgreSQL, two worker processes (like our two
// instances), each with the same concurrency as a backoffice instance, running a no-op task.
//
//   node graphile-peer.mjs worker URL CONCURRENCY     a worker process (runs until killed)
//   node graphile-peer.mjs drain URL JOBS             enqueues JOBS no-op jobs in one statement and prints
//                                                     the seconds until the queue is empty
// Used by scripts/bench/jobs.sh, which installs graphile-worker under ~/.cache/backoffice.
import { run, runMigrations } from 'graphile-worker';
import pg from 'pg';

const [mode, connectionString, arg] = process.argv.slice(2);

if (mode === 'migrate') {
  await runMigrations({ connectionString });
} else if (mode === 'worker') {
  const runner = await run({
    connectionString,
    concurrency: Number(arg),
    noHandleSignals: false,
    pollInterval: 1000,
    taskList: { noop: async () => {} },
  });
  await runner.promise;
} else if (mode === 'drain') {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const jobs = Number(arg);
  const started = process.hrtime.bigint();
  await client.query(
    `SELECT graphile_worker.add_jobs(array_agg(('noop', '{}'::json, null, null, null, null, null, null)::graphile_worker.job_spec))
       FROM generate_series(1, $1)`,
    [jobs],
  );
  for (;;) {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM graphile_worker._private_jobs');
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(seconds.toFixed(3));
  await client.end();
} else {
  console.error('usage: graphile-peer.mjs migrate|worker|drain URL [N]');
  process.exit(2);
}
