// The live editor's connection (shared/wiki/collab.ts): y-websocket's WebsocketProvider on the same origin,
// /api/wiki/docs/{id}/collab, with the session's access token as the "bearer" subprotocol. The token follows
// the session (another call's refresh updates the protocols for the next connect). Closing codes: 4401 (the
// session ended) refreshes the token once and reconnects; CLOSE_ACCESS_CHANGED re-reads the document (the page
// shows what the reader may now do) and reconnects; CLOSE_READ_ONLY keeps the editor read-only and reconnects,
// still live. A socket refused before the upgrade (an expired token answers 401 there) asks the API client to
// check the session now and then, so an expired token recovers.
import { useEffect, useState } from "react";
import * as Y from "yjs";
import { WebsocketProvider } from "y-websocket";
import { BEARER_SUBPROTOCOL, CLOSE_SESSION_ENDED } from "@shared/realtime.ts";
import { CLOSE_ACCESS_CHANGED, CLOSE_READ_ONLY } from "@shared/wiki/collab.ts";
import { api, refreshSession } from "../../../lib/api.ts";
import { getTokens, onSessionChange } from "../../../lib/session.ts";

export type CollabStatus = "connecting" | "connected" | "disconnected";

export interface CollabSession {
  ydoc: Y.Doc;
  provider: WebsocketProvider;
}

const protocols = () => [BEARER_SUBPROTOCOL, getTokens()?.accessToken ?? ""];
const SESSION_CHECK_MS = 10_000;

export function useCollab(docId: number, onAccessChanged: () => Promise<unknown>) {
  const [session, setSession] = useState<CollabSession | null>(null);
  const [status, setStatus] = useState<CollabStatus>("connecting");
  const [synced, setSynced] = useState(false);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    const ydoc = new Y.Doc();
    const server = `${location.origin.replace(/^http/, "ws")}/api/wiki/docs`;
    const provider = new WebsocketProvider(server, `${docId}/collab`, ydoc, { protocols: protocols(), disableBc: true });
    let gone = false;
    let lastCheck = 0;
    const stopSession = onSessionChange((tokens) => {
      if (tokens) provider.protocols = protocols();
    });
    provider.on("status", ({ status }) => !gone && setStatus(status));
    provider.on("sync", (s: boolean) => s && !gone && setSynced(true));
    provider.on("connection-close", (event) => {
      // Refused before the upgrade (no close code from the server): maybe the token expired; let the API
      // client check (it refreshes on a 401), at most every SESSION_CHECK_MS.
      if (event && event.code === 1006 && Date.now() - lastCheck > SESSION_CHECK_MS) {
        lastCheck = Date.now();
        api("/api/tokenChecker").then(() => (provider.protocols = protocols()), () => {});
      }
    });
    provider.on("closed", async ({ code }) => {
      if (gone) return;
      if (code === CLOSE_SESSION_ENDED) {
        if (await refreshSession() && !gone) {
          provider.protocols = protocols();
          provider.connect();
        }
      } else if (code === CLOSE_READ_ONLY) {
        setRefused(true);
        provider.connect();
      } else {
        // CLOSE_ACCESS_CHANGED or another refusal: what the reader may do now comes with the document.
        await onAccessChanged().catch(() => {});
        if (!gone && code === CLOSE_ACCESS_CHANGED) provider.connect();
      }
    });
    setSession({ ydoc, provider });
    return () => {
      gone = true;
      stopSession();
      provider.destroy();
      ydoc.destroy();
    };
  }, [docId]);

  return { session, status, synced, refused };
}
