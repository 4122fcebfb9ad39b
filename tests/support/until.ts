// Waiting in tests for something that happens on its own time (another connection, another instance, a
// background release): poll the condition until it holds, with a deadline, never a fixed sleep.

/** Polls `check` every 50 ms until it holds; throws naming `what` after `ms` (10 s). */
export async function until(check: () => Promise<boolean> | boolean, what = "the condition", ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
