// The dashboard's realtime: each widget's data refreshes on the events its module already sends (no polling),
// by invalidating that widget's query; HOME_CHANGED (this user's other tab or device changed the layout,
// bookmarks or notepad) refetches the config, and a reconnect everything. Only the topics of widgets on the
// dashboard are subscribed.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { APPROVAL_CHANGED, approvalTopic } from "@shared/approval/constants.ts";
import { BOARD_CHANGED, BOARD_NOTICE, boardTopic, boardUserTopic } from "@shared/board/constants.ts";
import { calendarTopic } from "@shared/calendar/constants.ts";
import { FLOW_CHANGED, FLOW_MEMBER, flowTopic, flowUserTopic } from "@shared/flow/constants.ts";
import { HOME_CHANGED, homeTopic } from "@shared/home/api.ts";
import type { DataWidgetId, Widget } from "@shared/home/widgets.ts";
import { LEAVE_CHANGED, leaveTopic } from "@shared/leave/constants.ts";
import { mailTopic } from "@shared/realtime.ts";
import { RESOURCE_CHANGED, resourceTopic } from "@shared/resource/constants.ts";
import { TODO_CHANGED, todoTopic } from "@shared/todo/constants.ts";
import { userDetailQuery } from "../../app/queries.ts";
import { useReconnectRefetch, useTopic } from "../../app/use-user-topic.ts";
import { homeConfigQuery, widgetKey } from "./queries.ts";

type Source = ({ scope: "user"; topic: (username: string) => string } | { scope: "company"; topic: (companyId: number) => string }) & {
  events: string[];
  widgets: DataWidgetId[];
};

const SOURCES: Source[] = [
  { scope: "user", topic: mailTopic, events: ["NEW_MAIL", "MAIL_CHANGED"], widgets: ["mail-1"] },
  { scope: "user", topic: calendarTopic, events: ["CALENDAR_CHANGED", "EVENT_DELETED"], widgets: ["cal-1", "cal-2"] },
  { scope: "user", topic: approvalTopic, events: [APPROVAL_CHANGED], widgets: ["approval-1"] },
  { scope: "company", topic: boardTopic, events: [BOARD_CHANGED], widgets: ["board-1", "board-2"] },
  { scope: "user", topic: boardUserTopic, events: [BOARD_NOTICE], widgets: ["board-2"] },
  { scope: "company", topic: flowTopic, events: [FLOW_CHANGED], widgets: ["flow-1", "flow-2", "flow-4"] },
  { scope: "user", topic: flowUserTopic, events: [FLOW_MEMBER], widgets: ["flow-1", "flow-2", "flow-4"] },
  { scope: "company", topic: todoTopic, events: [TODO_CHANGED], widgets: ["flow-3"] },
  { scope: "company", topic: resourceTopic, events: [RESOURCE_CHANGED], widgets: ["etc-2"] },
  { scope: "user", topic: leaveTopic, events: [LEAVE_CHANGED], widgets: ["etc-3"] },
];

/** Subscribes the dashboard to its widgets' modules' topics and its own. */
export function useHomeRealtime(widgets: Widget[]) {
  const me = useQuery(userDetailQuery).data;
  const qc = useQueryClient();
  const shown = new Set(widgets.map((w) => w.component));
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  // A burst of events refreshes a widget once.
  const refresh = (ids: DataWidgetId[]) => {
    for (const id of ids) {
      clearTimeout(timers.current.get(id));
      timers.current.set(id, setTimeout(() => void qc.invalidateQueries({ queryKey: widgetKey(id) }), 100));
    }
  };
  const topicOf = (s: Source) => {
    if (!me || !s.widgets.some((w) => shown.has(w))) return null;
    return s.scope === "user" ? s.topic(me.username) : s.topic(me.companyId);
  };
  for (const s of SOURCES) {
    // The list is constant, so the hooks run in the same order on every render.
    // deno-lint-ignore react-rules-of-hooks
    useTopic(topicOf(s), (event) => {
      if (s.events.includes(event)) refresh(s.widgets);
    });
  }
  useTopic(me ? homeTopic(me.username) : null, (event) => {
    if (event === HOME_CHANGED) void qc.invalidateQueries({ queryKey: homeConfigQuery.queryKey });
  });
  // Events missed while the channel was down: the layout and every widget are read again after a reconnect.
  useReconnectRefetch(["home"]);
}
