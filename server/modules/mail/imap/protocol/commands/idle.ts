// IDLE (RFC 2177): "+ idling", then the selected mailbox's changes are looked for every idlePollMs and sent
// as they come, until the client sends DONE. Starting IDLE re-arms the autologout timer.
import type { Buffer } from "node:buffer";
import type { Args } from "../args.ts";
import { MAX_LINE_BYTES } from "../parser.ts";
import type { Session } from "../session.ts";

export async function idle(s: Session, a: Args): Promise<string> {
  a.end();
  await s.sendBytes("+ idling\r\n");
  s.conn.touch();
  let finished = false;
  let line: Buffer | null = null;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const read = s.reader.readLine(MAX_LINE_BYTES).then(
    (l) => line = l,
    (e) => failure = e,
  ).finally(() => {
    finished = true;
    wake?.();
  });
  while (!finished) {
    try {
      await s.sync(true);
    } catch (e) {
      s.deps.log.warn(`imap idle: ${(e as Error).message}`);
    }
    if (finished) break;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, s.idlePollMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = null;
  }
  await read;
  if (failure) throw failure;
  if (line === null) {
    s.state = "logout";
    return "";
  }
  if ((line as Buffer).toString("latin1").trim().toUpperCase() !== "DONE") return "BAD Expected DONE";
  return "OK IDLE terminated";
}
