// The live editor (issue 29, beyond the spec): GET /api/wiki/docs/{id}/collab upgrades to a WebSocket speaking
// the Yjs protocol that y-websocket's WebsocketProvider speaks (y-protocols: message 0 sync step 1 / step 2 /
// update, 1 awareness, 3 query awareness), so a browser uses the stock provider:
//   new WebsocketProvider(`${wsOrigin}/api/wiki/docs`, `${id}/collab`, ydoc, { protocols: ["bearer", token] })
// Authentication as the realtime socket (shared/realtime.ts): the subprotocol list ["bearer", <access token>]
// (or an Authorization header), checked before the upgrade: 401 without a valid session, 404 wiki.not_found,
// 403 wiki.no_access below READ, 403 wiki.disabled. A reader (READ) receives the document and everyone's
// changes and carets; their own updates are refused (the socket is closed with CLOSE_READ_ONLY if they send
// one). WRITE on a PUBLISHED document to edit.
//
// The server holds each open document's Y.Doc (the Y.XmlFragment COLLAB_FIELD of editor-schema.ts), seeded
// from the stored HTML when the first editor connects, merges every editor's updates, and COLLAB_SAVE_DELAY_MS
// after the last one stores the merged document as HTML (text, search, a coalesced version by the last editor)
// and tells the company's wiki topic. A PATCH of the text, a rollback or an import replaces the fragment's
// content through the same Y.Doc, so open editors receive it as an ordinary change. Between instances, updates
// travel as rows of wiki_doc_updates announced through the realtime bridge (server/realtime/bridge.ts), carets
// too. Steady typing is saved at least every 5 × COLLAB_SAVE_DELAY_MS.
// Close codes of 4400–4499 end y-websocket's reconnecting: after CLOSE_SESSION_ENDED the client refreshes its
// token and connects again itself.
// Closing codes: CLOSE_SESSION_ENDED (4401, shared/realtime.ts) when the session ends; CLOSE_ACCESS_CHANGED when
// the document is removed or the caller loses access (the client re-reads the document over HTTP).

export const CLOSE_READ_ONLY = 4403;
/** The largest message an editor may send (a paste of a whole long document fits: TEXT_MAX characters of Korean
 *  are about 6 MB as a Yjs update); a larger one closes the socket with 1009 (message too big). */
export const COLLAB_MESSAGE_MAX_BYTES = 8 * 1024 * 1024;
export const CLOSE_ACCESS_CHANGED = 4410;
/** The awareness state an editor publishes: who they are and the caret's colour. */
export interface CollabUser {
  id: number;
  name: string;
  color: string;
}
