// The rounds of a latency run at a fixed rate (harness.mjs measureAtRate), in a process of their own.
// The benchmark's own process holds its bench data (a hundred thousand catalogue hosts) and autocannon's
// garbage; run there, the paced client's garbage collector marked that heap every ~750 ms, pausing its
// main thread 7-18 ms (every response read meanwhile was timed late by as much) and its marking threads
// competing for the two cores with the server and PostgreSQL. Here the heap holds little beyond the
// round's latencies, kept in a typed array, and requests in flight are counted, not kept in an array.
//
// The parent forks this file and sends { target, seconds, warmup, rounds, perSecond, traceSlow }; it
// answers { rounds: [{ p50, p99 }], wrong, slow, startedAt }.
import { pacedClient } from './paced-client.mjs';

/** Sends `perSecond` requests a second for `seconds`, each timed from the instant it was due. */
async function paced(client, perSecond, seconds, onAnswer) {
  const total = Math.round(perSecond * seconds);
  const began = performance.now();
  let inFlight = 0;
  let sent = 0;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  const answered = (due) => (status) => {
    onAnswer(performance.now() - due, due, status);
    inFlight -= 1;
    if (sent === total && inFlight === 0) finish();
  };
  for (; sent < total;) {
    const due = began + (sent * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight += 1;
    sent += 1;
    client.send().then(answered(due));
  }
  if (inFlight > 0) await finished;
}

export async function runPaced({ target, seconds, warmup, rounds, perSecond, traceSlow }) {
  const client = pacedClient(target);
  const expected = target.status ?? 2;
  const start = performance.now();
  const slow = [];
  let wrong = 0;
  let latencies = new Float64Array(0);
  let count = 0;
  const onAnswer = (took, due, status) => {
    if (count < latencies.length) latencies[count++] = took;
    if (traceSlow > 0 && took > traceSlow) slow.push(`${Math.round(due - start)}:${Math.round(took)}`);
    if (Math.floor(status / 100) !== expected) wrong += 1;
  };
  // Warmed up at the rate first, as the autocannon runs are (not counted): the client's own request path
  // and sockets are new here, and on a busy machine its lag in the first second was counted as latency.
  if (warmup > 0) {
    latencies = new Float64Array(Math.round(perSecond * warmup));
    await paced(client, perSecond, warmup, onAnswer);
    wrong = 0;
  }
  const results = [];
  for (let round = 0; round < Math.max(1, rounds); round++) {
    latencies = new Float64Array(Math.round(perSecond * seconds));
    count = 0;
    await paced(client, perSecond, seconds, onAnswer);
    const sorted = latencies.subarray(0, count).sort();
    const at = (q) => Math.round(sorted[Math.min(count - 1, Math.floor(q * count))] ?? 0);
    results.push({ p50: at(0.5), p99: at(0.99) });
  }
  client.close();
  return { rounds: results, wrong, slow, startedAt: new Date(performance.timeOrigin + start).toISOString() };
}

// The parent ends this process once it has the answer (its IPC channel keeps it alive until then), so
// that an exit before the answer always means a failure.
if (process.send) process.once('message', async (job) => process.send(await runPaced(job)));
