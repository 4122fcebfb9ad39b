// The web app's routes (hash paths) the server links to: the home widgets' rows, the hits of the search across
// modules and the bell's notifications open them, as each module's web routes spell them
// (web/src/modules/<module>/routes.ts and paths.ts).

/** A JSON path segment as the web's routes read it (encoded, as their own link builders write it). */
export const jsonSegment = (o: unknown) => encodeURIComponent(JSON.stringify(o));

/** mail: /mail/view/{folderId}/{page}/{actionObj} (route-params.ts mailPaths.view). */
export const mailLink = (folderId: number, mailId: number) => `/mail/view/${folderId}/1/${jsonSegment({ list: {}, view: { mailId } })}`;
/** calendar: /cal/{type}/{focus}, the day view of the event's date. */
export const calendarDayLink = (date: string) => `/cal/day/${date}`;
/** boards: /board/view/{postId}[/{actionObj}] (board/paths.ts view); with the board, its list stays beside. */
export const postLink = (postId: number, boardId?: number) =>
  boardId === undefined ? `/board/view/${postId}` : `/board/view/${postId}/${jsonSegment({ boardId })}`;
/** approval: /approval/doc/list/{boxKey}/{docId} (approval/routes.ts), in the box "ab" (to approve). */
export const approvalLink = (docId: number, box = "ab") => `/approval/doc/list/${box}/${docId}`;
/** flow: /flow/{projectId}/tasks/{actionObj} with taskId (flow/paths.ts). */
export const flowTaskLink = (projectId: number, taskId: number) => `/flow/${projectId}/tasks/${jsonSegment({ taskId })}`;
export const flowProjectLink = (projectId: number) => `/flow/${projectId}/tasks`;
/** to-do: /todo/{workspaceId}/{boardId}/{actionObj}: groupId and itemId open the item's panel (todo/paths.ts). */
export const todoItemLink = (workspaceId: number, boardId: number, groupId: number, itemId: number, parentId: number | null) =>
  `/todo/${workspaceId}/${boardId}/${jsonSegment(parentId ? { groupId, itemId, parentId } : { groupId, itemId })}`;
/** resource booking: /resource/{date}/{type}, the day of the booking. */
export const resourceDayLink = (date: string, type = "ALL") => `/resource/${date}/${type}`;
/** messenger: the window opened at a message (web/src/modules/messenger/link-route.ts), a reply in its thread. */
export const messengerLink = (roomId: number, messageId: number, parentId: number | null) =>
  parentId === null ? `/messenger/${roomId}/${messageId}` : `/messenger/${roomId}/${messageId}/thread/${parentId}`;
