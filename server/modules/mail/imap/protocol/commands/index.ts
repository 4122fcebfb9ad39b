// The command table: each command's handler, the states it is allowed in, and whether pending mailbox
// changes are reported after it ("full": with EXPUNGE; "noexpunge": FETCH/STORE/SEARCH by sequence number,
// RFC 3501 §7.4.1; "none").
import type { Args } from "../args.ts";
import type { Session } from "../session.ts";
import { authenticate, login, starttls } from "./auth.ts";
import { capability, check, enable, id, logout, namespace, noop } from "./basic.ts";
import { append } from "./append.ts";
import { copy, move } from "./copy.ts";
import { fetch } from "./fetch.ts";
import { idle } from "./idle.ts";
import { create, del, list, lsub, rename, status, subscribe, unsubscribe } from "./mailboxes.ts";
import { search } from "./search.ts";
import { close, examine, expunge, select, unselect, uidExpunge } from "./select.ts";
import { store } from "./store.ts";

export type State = "notauth" | "auth" | "selected" | "logout";

export interface CommandContext {
  tag: string;
  name: string;
  byUid: boolean;
}

export interface CommandDef {
  states: State[];
  sync: "full" | "noexpunge" | "none";
  run(s: Session, args: Args, c: CommandContext): Promise<string>;
}

const ANY: State[] = ["notauth", "auth", "selected"];
const AUTH: State[] = ["auth", "selected"];
const SEL: State[] = ["selected"];

const def = (states: State[], sync: CommandDef["sync"], run: CommandDef["run"]): CommandDef => ({ states, sync, run });

export const COMMANDS: Record<string, CommandDef> = {
  CAPABILITY: def(ANY, "full", capability),
  NOOP: def(ANY, "full", noop),
  LOGOUT: def(ANY, "none", logout),
  ID: def(ANY, "full", id),
  STARTTLS: def(["notauth"], "none", starttls),
  LOGIN: def(["notauth"], "none", login),
  AUTHENTICATE: def(["notauth"], "none", authenticate),
  ENABLE: def(["auth"], "none", enable), // RFC 5161 §3.1: only in the authenticated state
  NAMESPACE: def(AUTH, "full", namespace),
  LIST: def(AUTH, "full", list),
  LSUB: def(AUTH, "full", lsub),
  STATUS: def(AUTH, "full", status),
  CREATE: def(AUTH, "full", create),
  DELETE: def(AUTH, "full", del),
  RENAME: def(AUTH, "full", rename),
  SUBSCRIBE: def(AUTH, "full", subscribe),
  UNSUBSCRIBE: def(AUTH, "full", unsubscribe),
  SELECT: def(AUTH, "none", select),
  EXAMINE: def(AUTH, "none", examine),
  APPEND: def(AUTH, "full", append),
  IDLE: def(AUTH, "none", idle),
  CHECK: def(SEL, "full", check),
  CLOSE: def(SEL, "none", close),
  UNSELECT: def(SEL, "none", unselect),
  EXPUNGE: def(SEL, "full", expunge),
  "UID EXPUNGE": def(SEL, "full", uidExpunge),
  SEARCH: def(SEL, "noexpunge", search),
  "UID SEARCH": def(SEL, "full", search),
  FETCH: def(SEL, "noexpunge", fetch),
  "UID FETCH": def(SEL, "full", fetch),
  STORE: def(SEL, "noexpunge", store),
  "UID STORE": def(SEL, "full", store),
  COPY: def(SEL, "full", copy),
  "UID COPY": def(SEL, "full", copy),
  MOVE: def(SEL, "full", move),
  "UID MOVE": def(SEL, "full", move),
};
