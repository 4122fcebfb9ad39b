// A small runner of timed jobs. Each registered job ticks every intervalMs (the next tick is planned when the
// previous one has finished, so a slow tick never overlaps itself). Jobs claim their work in the database
// with FOR UPDATE SKIP LOCKED, so any number of instances may run them. stop() waits for running ticks.
import type { Logger } from "../lib/logger.ts";

export interface Job {
  name: string;
  intervalMs: number;
  /** One pass; the runner logs what it throws and carries on. */
  tick(): Promise<unknown>;
}

export class JobRunner {
  #jobs: Job[] = [];
  #timers = new Map<string, ReturnType<typeof setTimeout>>();
  #running = new Set<Promise<unknown>>();
  #stopped = true;

  constructor(private readonly log: Logger) {}

  register(job: Job): this {
    this.#jobs.push(job);
    return this;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    for (const job of this.#jobs) this.#schedule(job, 0);
    this.log.info(`jobs started: ${this.#jobs.map((j) => j.name).join(", ")}`);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const t of this.#timers.values()) clearTimeout(t);
    this.#timers.clear();
    await Promise.allSettled([...this.#running]);
  }

  #schedule(job: Job, delay: number): void {
    if (this.#stopped) return;
    this.#timers.set(job.name, setTimeout(() => this.#run(job), delay));
  }

  async #run(job: Job): Promise<void> {
    if (this.#stopped) return;
    const p = job.tick().catch((e) => this.log.error(`job ${job.name} failed`, e));
    this.#running.add(p);
    try {
      await p;
    } finally {
      this.#running.delete(p);
      this.#schedule(job, job.intervalMs);
    }
  }
}
