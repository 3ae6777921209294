import { closeAgents, loopbackAddress, requestJson } from './api-http';
import { autocannonLoad, type LoadJob, type LoadResult, loopLoad } from './api-load';

/*
 * The bench's load generator, in a process of its own: the bench process then holds only the
 * servers under test, so its CPU time (process.cpuUsage) is theirs alone. One job at a time,
 * sent by api-load.ts; the answer is the job's LoadResult.
 */
function run(job: LoadJob): Promise<LoadResult> {
  if (job.kind === 'autocannon') {
    return autocannonLoad(job.request, job.connections, job.seconds);
  }
  // Each loop has its own address and its own accounts: per address and per account the
  // attempts stay under the server's limits (100 and 10 a minute), which are not what is measured.
  const perLoop = Math.floor(job.emails.length / job.connections);
  return loopLoad(job.connections, job.seconds, async (loop, iteration) => {
    const email = job.emails[loop * perLoop + (iteration % perLoop)];
    const answer = await requestJson(job.url, {
      body: { email, password: job.password },
      from: loopbackAddress(200 + loop),
    });
    return answer.status === 200;
  });
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.({ result }),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
process.on('disconnect', () => {
  closeAgents();
  process.exit(0);
});
