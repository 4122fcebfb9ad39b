// A small pool of worker threads (prepare-worker.ts) that prepare inbound messages (prepare.ts: parse,
// sanitise, SPF/DKIM/DMARC, search lexemes) so the listener's own event loop only speaks SMTP and talks to
// the database. Workers start on the first message and each takes the next job when it has the fewest in
// hand. Their DNS questions are answered here with the listener's resolver.
// Failures: a worker that cannot start at all (e.g. a build without its module) turns the pool into
// in-process preparation, logged once, and its waiting jobs are prepared in-process; a worker that dies or
// passes JOB_TIMEOUT_MS on a job is terminated (a fresh one replaces it at the next message) and its jobs
// fail, so the listener answers 451 and the senders try again later: nothing accepted is lost. The one
// exception is the job whose own time ran out: that message is what takes so long (it would at every try,
// until its sender gives up and bounces it), so it is prepared once more, in a fresh worker, with its content
// read as text (prepareContentAsText: bounded work), and kept, readable, with its verdicts. Only if that
// runs out of time too is it answered 451.
import type { AppDeps } from "../../../lib/context.ts";
import type { AuthCheck, DnsResolver } from "./auth.ts";
import { handled, type Preparation, type PreparedContent, prepareInbound, type PrepareInput } from "./prepare.ts";

/** Longest a worker may take over one message (the DNS checks alone give up after 15 s). */
export const JOB_TIMEOUT_MS = 60_000;
/** What the as-text retry gets beyond that: a fresh worker's start, the checks again, a bounded text read. */
const AS_TEXT_EXTRA_MS = 30_000;

interface Job {
  input: PrepareInput;
  auth: Settle<AuthCheck>;
  content: Settle<PreparedContent>;
  timer: ReturnType<typeof setTimeout>;
  /** Its content is read as text: its first preparation ran out of time. */
  asText: boolean;
}

interface Settle<T> {
  resolve(v: T): void;
  reject(e: Error): void;
}

interface Slot {
  worker: Worker;
  jobs: Map<number, Job>;
  /** Whether it has answered a job: a worker that fails before that could not start. */
  proven: boolean;
}

type FromWorker =
  | { type: "auth"; id: number; auth: AuthCheck }
  | { type: "done"; id: number; result: PreparedContent }
  | { type: "failed"; id: number; message: string }
  | { type: "dns"; id: number; name: string; rrtype: string };

/**
 * Worker count when SMTP_PREPARE_WORKERS is not set: one per core, 2 to 4. The listener's own thread spends
 * less than half of what a worker does on a message, and a worker waits on nothing but the CPU, so one per
 * core keeps every core fed; on two cores, two workers filed 4-27% more messages per second than one, in each
 * of four alternating bench runs (tests/bench/RESULTS.md).
 */
export function defaultPrepareWorkers(): number {
  return Math.max(2, Math.min(4, navigator.hardwareConcurrency || 2));
}

export class PreparePool {
  #slots: (Slot | null)[];
  #nextId = 0;
  #inProcess = false;
  #closed = false;

  readonly resolver: DnsResolver;
  readonly log: AppDeps["log"];
  readonly #module: string;
  readonly #timeoutMs: number;

  /** `workerModule`: prepare-worker.ts; another only to test a worker that cannot start. */
  constructor(
    size: number,
    resolver: DnsResolver,
    log: AppDeps["log"],
    workerModule = new URL("./prepare-worker.ts", import.meta.url).href,
    timeoutMs = JOB_TIMEOUT_MS,
  ) {
    this.#slots = Array.from({ length: Math.max(1, size) }, () => null);
    this.resolver = resolver;
    this.log = log;
    this.#module = workerModule;
    this.#timeoutMs = timeoutMs;
  }

  prepare = (input: PrepareInput): Preparation => {
    if (this.#inProcess || this.#closed) return prepareInbound(input, this.resolver);
    let auth!: Settle<AuthCheck>, content!: Settle<PreparedContent>;
    const preparation = handled({
      auth: new Promise<AuthCheck>((resolve, reject) => auth = { resolve, reject }),
      content: new Promise<PreparedContent>((resolve, reject) => content = { resolve, reject }),
    });
    this.#submit({ input, auth, content, asText: false });
    return preparation;
  };

  /** Hands a job to the least busy worker, with its time limit (longer for the as-text retry). */
  #submit(job: Omit<Job, "timer">): void {
    const index = this.#leastBusy();
    const slot = this.#slots[index] ??= this.#start(index);
    const id = ++this.#nextId;
    const limit = job.asText ? this.#timeoutMs + AS_TEXT_EXTRA_MS : this.#timeoutMs;
    const timer = setTimeout(() => this.#fail(index, new Error("message preparation timed out"), false, id), limit);
    slot.jobs.set(id, { ...job, timer });
    slot.worker.postMessage({ type: "job", id, input: job.input, asText: job.asText });
  }

  /** Stops the workers; jobs still running fail (the listener is closing: its sessions end anyway). */
  close(): void {
    this.#closed = true;
    for (const [i, slot] of this.#slots.entries()) if (slot) this.#fail(i, new Error("listener closed"));
  }

  #leastBusy(): number {
    let best = 0;
    for (let i = 0; i < this.#slots.length; i++) {
      const n = this.#slots[i]?.jobs.size ?? -1; // a slot not started yet counts as the idlest
      if (n < (this.#slots[best]?.jobs.size ?? -1)) best = i;
    }
    return best;
  }

  #start(index: number): Slot {
    const worker = new Worker(this.#module, { type: "module", name: `smtp-prepare-${index}` });
    const slot: Slot = { worker, jobs: new Map(), proven: false };
    worker.onmessage = (e: MessageEvent<FromWorker>) => this.#onMessage(slot, e.data);
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.#fail(index, new Error(`message preparation worker failed: ${e.message}`), !slot.proven);
    };
    return slot;
  }

  #onMessage(slot: Slot, m: FromWorker): void {
    if (m.type === "dns") {
      this.resolver(m.name, m.rrtype).then(
        (records) => slot.worker.postMessage({ type: "dns", id: m.id, records }),
        (e) => slot.worker.postMessage({ type: "dns", id: m.id, error: { message: String(e?.message ?? e), code: e?.code } }),
      );
      return;
    }
    const job = slot.jobs.get(m.id);
    if (!job) return;
    slot.proven = true;
    if (m.type === "auth") return job.auth.resolve(m.auth); // a no-op for an as-text retry whose verdicts came
    slot.jobs.delete(m.id);
    clearTimeout(job.timer);
    if (m.type === "done") return job.content.resolve(m.result);
    const error = new Error(`message preparation failed: ${m.message}`);
    job.auth.reject(error);
    job.content.reject(error);
  }

  /**
   * Ends the worker of slot `index`; its jobs fail, or run in-process when it could not start (an error
   * before its first answer; never a timeout, which may be the message's own doing). `timedOut`: the job
   * whose time ran out, prepared again as text in a fresh worker (once).
   */
  #fail(index: number, error: Error, cannotStart = false, timedOut?: number): void {
    const slot = this.#slots[index];
    if (!slot) return;
    this.#slots[index] = null;
    slot.worker.terminate();
    if (cannotStart && !this.#inProcess) {
      this.#inProcess = true;
      this.log.error(`smtp: message preparation workers unavailable, preparing in-process (${error.message})`);
    }
    for (const [id, job] of slot.jobs) {
      clearTimeout(job.timer);
      if (id === timedOut && !job.asText && !this.#closed) {
        this.log.warn(`smtp: a message took over ${this.#timeoutMs} ms to prepare; preparing it again with its content as text`);
        this.#submit({ input: job.input, auth: job.auth, content: job.content, asText: true });
      } else if (cannotStart) {
        const again = prepareInbound(job.input, this.resolver);
        again.auth.then(job.auth.resolve, job.auth.reject);
        again.content.then(job.content.resolve, job.content.reject);
      } else {
        job.auth.reject(error); // no-op when the verdicts came already
        job.content.reject(error);
      }
    }
  }
}
