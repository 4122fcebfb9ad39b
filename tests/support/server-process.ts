// The real server (server/main.ts) as a child process, for tests of start-up, signals and crashes: its
// output collected, and a wait for a line to appear.
export interface ServerProcess {
  child: Deno.ChildProcess;
  output: () => string;
  waitFor: (text: string, ms: number) => Promise<void>;
}

const root = new URL("../../", import.meta.url).pathname;

export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "server/main.ts"],
    cwd: root,
    env,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  const pump = async (s: ReadableStream<Uint8Array>) => {
    const dec = new TextDecoder();
    for await (const chunk of s) out += dec.decode(chunk, { stream: true });
  };
  pump(child.stdout);
  pump(child.stderr);
  return {
    child,
    output: () => out,
    async waitFor(text, ms) {
      const until = Date.now() + ms;
      while (!out.includes(text)) {
        if (Date.now() > until) throw new Error(`no "${text}" within ${ms} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
