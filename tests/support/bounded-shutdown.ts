// Stopping a test's HTTP server without waiting on it forever. Deno's shutdown also waits for upgraded websockets to
// drain and does not always see one closed (denoland/deno#28466: wiki/collab's afterAll hung 60 s in a full run with
// every test passed, and a wiki journey's teardown outwaited 15 s with no request open). So the wait ends when the
// shutdown does, or when `idle()` says nothing the test cares about is still open (the requests a journey tracks),
// or after `ms`; then a warning, and the server is left to finish on its own. A shutdown that fails later is
// reported, not thrown at the next file.
export async function boundedShutdown(server: Deno.HttpServer, opts: { ms: number; label: string; idle?: () => boolean; open?: () => string[] }) {
  const shut = server.shutdown();
  shut.catch((e) => console.warn(`[${opts.label}] the HTTP server's shutdown failed: ${e}`));
  const done = shut.then(() => true, () => true);
  const started = Date.now();
  while (!opts.idle?.() && Date.now() - started < opts.ms) {
    if (await Promise.race([done, new Promise<false>((r) => setTimeout(() => r(false), 100))])) return;
  }
  if (opts.idle?.()) return;
  const open = opts.open?.() ?? [];
  console.warn(`[${opts.label}] the HTTP server was still shutting down ${opts.ms / 1000} s on${open.length ? `, with open requests: ${open.join(", ")}` : " (websockets draining)"}; left to finish`);
}
