// Group commit for inbound delivery: concurrent messages whose bytes are already synced in the blob store
// are filed together, in ONE statement that is its own transaction (one round trip, one commit, one WAL
// flush: store/filing-rows.ts), instead of one transaction each. One group is in the database at a time
// (MAX_IN_FLIGHT; were it more, they would lock shared counter rows in the same order, so they would only
// wait, never deadlock); meanwhile the next messages queue up, and the next group takes all of them (up to
// MAX_GROUP_ROWS mailbox rows) as soon as it is done. Deliveries announce themselves when their DATA is in
// (expectDelivery): while some are still being parsed, checked and written to the blob store, the next group
// waits for them, at most MAX_WAIT_MS; a lone message (nothing else announced) goes at once.
// Guarantees kept: fileGrouped() resolves only after the statement holding that message's rows has
// committed (the caller answers 250 then); the rows of one job (a message for several companies) are
// committed together or not at all; and a failing message never fails the others: when a group's
// statement fails, nothing of it is kept and every job of it is filed again alone, in a statement of its
// own, and answered by that outcome.
import type { Db } from "../../../../db/client.ts";
import type { FileResult } from "./deliver.ts";
import { insertFilings, type PreparedFiling } from "./filing-rows.ts";

/** Mailbox rows (targets) in one group at most; a single job bigger than this still goes alone. */
export const MAX_GROUP_ROWS = 64;
/** Longest a group waits for announced deliveries that are not queued yet. */
export const MAX_WAIT_MS = 8;
/**
 * Group transactions running at once. One: while it commits (its WAL flush), the messages that become ready
 * queue up and form the next, bigger group. Measured with fsync on (tests/bench/RESULTS.md), one in flight
 * and an 8 ms wait filed 3.8 messages per transaction against 2.3 for two in flight and 4 ms, at less CPU
 * per message and ≈12% more messages per second.
 */
export const MAX_IN_FLIGHT = 1;

interface Job {
  filings: PreparedFiling[];
  rows: number;
  resolve(r: FileResult[]): void;
  reject(e: unknown): void;
}

interface Queue {
  jobs: Job[];
  /** Groups are being gathered: one drain loop at a time per database (so one waiter for `wake`). */
  running: boolean;
  /** Group transactions not finished yet, MAX_IN_FLIGHT at most (across drain loops). */
  inFlight: Set<Promise<void>>;
  /** Deliveries announced (expectDelivery) and not queued or given up yet. */
  coming: number;
  /** Wakes a group waiting for them. */
  wake: (() => void) | null;
  stats: GroupStats;
}

/** Groups committed (or tried) and the jobs (messages) they held, since the process started. */
export interface GroupStats {
  groups: number;
  messages: number;
}

const queues = new WeakMap<Db, Queue>();

/**
 * Files the prepared messages (one per company, of ONE inbound message) atomically, together with whatever
 * other jobs are waiting; answers their results in order once committed.
 */
export function fileGrouped(db: Db, filings: PreparedFiling[], announced?: Announced): Promise<FileResult[]> {
  const queue = queueOf(db);
  const rows = filings.reduce((n, f) => n + f.input.targets.length, 0);
  const done = new Promise<FileResult[]>((resolve, reject) =>
    queue.jobs.push({ filings, rows, resolve, reject })
  );
  announced?.done();
  if (!queue.running) {
    queue.running = true;
    void drain(db, queue);
  }
  return done;
}

/** A delivery on its way to fileGrouped(); done() when queued or given up (always call it: try/finally). */
export interface Announced {
  done(): void;
}

/** Announces a delivery that will be filed with fileGrouped() soon, so that a group may wait for it. */
export function expectDelivery(db: Db): Announced {
  const queue = queueOf(db);
  queue.coming++;
  let open = true;
  return {
    done() {
      if (!open) return;
      open = false;
      queue.coming--;
      queue.wake?.();
    },
  };
}

/** How many groups have been filed on this database and how many messages they held (benchmarks). */
export function groupStats(db: Db): GroupStats {
  return { ...queueOf(db).stats };
}

function queueOf(db: Db): Queue {
  let queue = queues.get(db);
  if (!queue) {
    queues.set(
      db,
      queue = { jobs: [], running: false, inFlight: new Set(), coming: 0, wake: null, stats: { groups: 0, messages: 0 } },
    );
  }
  return queue;
}

async function drain(db: Db, queue: Queue): Promise<void> {
  try {
    while (queue.jobs.length) {
      // A free transaction slot first: while none is, the waiting jobs become one bigger group.
      while (queue.inFlight.size >= MAX_IN_FLIGHT) await Promise.race(queue.inFlight);
      await gather(queue);
      const group = take(queue);
      queue.stats.groups++;
      queue.stats.messages += group.length;
      const filing = group.length === 1 ? alone(db, group[0]) : together(db, group);
      queue.inFlight.add(filing);
      void filing.finally(() => queue.inFlight.delete(filing));
    }
  } finally {
    queue.running = false;
  }
}

/** Waits, at most MAX_WAIT_MS, while announced deliveries are still coming and the group has room. */
async function gather(queue: Queue): Promise<void> {
  const deadline = performance.now() + MAX_WAIT_MS;
  while (queue.coming > 0 && queue.jobs.reduce((n, j) => n + j.rows, 0) < MAX_GROUP_ROWS) {
    const left = deadline - performance.now();
    if (left <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      queue.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    queue.wake = null;
  }
}

/** The oldest jobs, up to MAX_GROUP_ROWS rows (always at least one job). */
function take(queue: Queue): Job[] {
  let rows = queue.jobs[0].rows;
  let n = 1;
  while (n < queue.jobs.length && rows + queue.jobs[n].rows <= MAX_GROUP_ROWS) rows += queue.jobs[n++].rows;
  return queue.jobs.splice(0, n);
}

async function together(db: Db, group: Job[]): Promise<void> {
  let results: FileResult[];
  try {
    results = await insertFilings(db, group.flatMap((j) => j.filings));
  } catch {
    // Rolled back whole: each job again on its own, so only a job that fails alone fails.
    for (const job of group) await alone(db, job);
    return;
  }
  let at = 0;
  for (const job of group) job.resolve(results.slice(at, at += job.filings.length));
}

async function alone(db: Db, job: Job): Promise<void> {
  try {
    job.resolve(await insertFilings(db, job.filings));
  } catch (e) {
    job.reject(e);
  }
}
