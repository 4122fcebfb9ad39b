// The real server (server/main.ts) as a child process, for tests of start-up, signals and crashes: its
// output collected, and a wait for a line to appear.
export interface ServerProcess {
  child: Deno.ChildProcess;
  output: () => string;
  /** The exit status once the output is read to its end too: a child's status can resolve before the last
   * lines written to its pipes have been read (a failed CI run read the output of an exit-1 start without its
   * message). Use it where a test checks the output after the exit; not after a SIGKILL whose orphans may keep
   * the pipes open. */
  exited: Promise<Deno.CommandStatus>;
  waitFor: (text: string, ms: number) => Promise<void>;
}

const root = new URL("../../", import.meta.url).pathname;

/** The mail client ports pick free ones unless a test names them: test files run in parallel. */
const CLIENT_PORTS_FREE = { IMAP_PORT: "0", IMAPS_PORT: "0", POP3_PORT: "0", POP3S_PORT: "0", SUBMISSION_PORT: "0", SUBMISSIONS_PORT: "0" };

export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server/main.ts"],
    cwd: root,
    env: { ...CLIENT_PORTS_FREE, ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  const pump = async (s: ReadableStream<Uint8Array>) => {
    const dec = new TextDecoder();
    try {
      for await (const chunk of s) out += dec.decode(chunk, { stream: true });
    } catch { /* the pipe broke with the process: what was read stays */ }
  };
  const pumped = Promise.all([pump(child.stdout), pump(child.stderr)]);
  return {
    child,
    output: () => out,
    exited: pumped.then(() => child.status),
    async waitFor(text, ms) {
      const until = Date.now() + ms;
      while (!out.includes(text)) {
        if (Date.now() > until) throw new Error(`no "${text}" within ${ms} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
