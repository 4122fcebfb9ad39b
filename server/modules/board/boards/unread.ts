// Where unread counting starts (shared/board/constants.ts UNREAD_WINDOW_DAYS).
import { UNREAD_WINDOW_DAYS } from "../../../../shared/board/constants.ts";
import type { Caller } from "../../../lib/context.ts";

export const unreadSince = (caller: Caller) => new Date(caller.deps.clock.now().getTime() - UNREAD_WINDOW_DAYS * 86_400_000);
