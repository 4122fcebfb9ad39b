// What the bell gathers (issue 32): each module records a notification for the people a change concerns, through
// server/modules/notifications/notify.ts, at the same place it already sends its realtime notice. A kind is
// "<module>.<event>"; its text is the web's notifications:kind.<module>.<event> with {{actor}} and {{title}}
// (and the mail's subject on the server: shared/notifications/texts.ts). `mail`: whether the kind also goes by
// mail until the user chooses otherwise (the kinds that mailed before the bell existed stay on).
import type { ModuleType } from "../users.ts";

export const NOTIFICATION_KINDS = {
  // Approval (approval/documents/notify.ts Notice kinds): a document waiting for me, my document decided,
  // a document to receive, a CC or shared reading.
  "approval.turn": { module: "approval", mail: true },
  "approval.completed": { module: "approval", mail: true },
  "approval.rejected": { module: "approval", mail: true },
  "approval.returned": { module: "approval", mail: true },
  "approval.receive": { module: "approval", mail: true },
  "approval.cc": { module: "approval", mail: false },
  // Leave: an application or a request for days waiting for an approver; the employee's leave decided.
  "leave.applied": { module: "leave", mail: true },
  "leave.requested": { module: "leave", mail: true },
  "leave.approved": { module: "leave", mail: true },
  "leave.rejected": { module: "leave", mail: true },
  // Booking (RESOURCE_NOTICE): a booking waiting for its approver; the booker's booking confirmed, rejected or
  // cancelled by an admin.
  "resource.requested": { module: "resource", mail: false },
  "resource.confirmed": { module: "resource", mail: false },
  "resource.rejected": { module: "resource", mail: false },
  "resource.cancelled": { module: "resource", mail: false },
  // Calendar: invited to a colleague's event (attendees of this company); an attendee answered my event.
  // (Invitations already go by iTIP mail; the bell adds them without a second mail.)
  "calendar.invited": { module: "calendar", mail: false },
  "calendar.replied": { module: "calendar", mail: false },
  // Boards (BOARD_NOTICE): a new post in a followed board, a mention, a reply to my post or reply, a must-read
  // reminder.
  "board.post": { module: "board", mail: false },
  "board.mention": { module: "board", mail: false },
  "board.reply": { module: "board", mail: false },
  "board.remind": { module: "board", mail: false },
  // Flow: a task assigned to me, an invitation to a project, an application to my project, my application
  // decided; a comment on a task I am assigned to.
  "flow.assigned": { module: "flow", mail: false },
  "flow.invited": { module: "flow", mail: false },
  "flow.applied": { module: "flow", mail: false },
  "flow.decided": { module: "flow", mail: false },
  "flow.comment": { module: "flow", mail: false },
  // To-do: an item's PERSON column newly names me; a comment on an item that names me.
  "todo.assigned": { module: "workflow", mail: false },
  "todo.comment": { module: "workflow", mail: false },
  // Messenger: a mention in a room (the room's own unread count covers the rest).
  "messenger.mention": { module: "messenger", mail: false },
  // Sharing: a calendar, contact book, drive folder or file, wiki space or other shareable shared with me
  // (share registry types).
  "share.shared": { module: null, mail: false },
} as const satisfies Record<string, { module: ModuleType | null; mail: boolean }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_IDS = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** The module a kind belongs to, for grouping in the settings and the bell's icon ("share" for share.*). */
export function kindModule(kind: NotificationKind): string {
  return kind.slice(0, kind.indexOf("."));
}
