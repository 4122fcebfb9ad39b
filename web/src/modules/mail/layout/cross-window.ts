// Popup windows (read, write) have their own page and query cache. What they change (a mail read, moved,
// deleted, sent) reaches the main window over a BroadcastChannel: a popup announces "changed" whenever it
// invalidates mail data, and once more when it closes; the main window's mail layout then refreshes the
// folder counts, the lists and the quota.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { refreshMail } from "../queries.ts";

const CHANNEL = "gw-mail";

/** Main window: refresh when a popup says it changed something. */
export function useMailChangesFromPopups() {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const ch = new BroadcastChannel(CHANNEL);
    ch.onmessage = (e) => {
      if (e.data?.type === "changed") void refreshMail(qc, { quota: true });
    };
    return () => ch.close();
  }, [qc]);
}

/** Popup window: announce changes (debounced) and the close. */
export function useAnnounceMailChanges() {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const ch = new BroadcastChannel(CHANNEL);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const announce = () => {
      clearTimeout(timer);
      timer = setTimeout(() => ch.postMessage({ type: "changed" }), 200);
    };
    const off = qc.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "invalidate" && event.query.queryKey[0] === "mail") announce();
    });
    const onHide = () => ch.postMessage({ type: "changed" });
    addEventListener("pagehide", onHide);
    return () => {
      off();
      clearTimeout(timer);
      removeEventListener("pagehide", onHide);
      ch.close();
    };
  }, [qc]);
}
