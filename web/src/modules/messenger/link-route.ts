// Links into the messenger (the bell's messenger.mention, the search's messenger hits): the messenger is a window
// over every screen, not a page, so /messenger/{roomId}/{messageId}[/thread/{parentId}] opens the window at that
// message and goes back to where the link was followed (or, opened afresh, to the first screen).
import { createRoute, redirect, type RouterHistory } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import type { appRoute as AppRoute } from "../../app/router.tsx";

const LINK = /^(\d{1,15})\/(\d{1,15})(?:\/thread\/(\d{1,15}))?$/;

export function messengerLinkRoute(appRoute: typeof AppRoute, firstScreen: (qc: QueryClient) => Promise<string>, history: () => RouterHistory) {
  return createRoute({
    getParentRoute: () => appRoute,
    path: "/messenger/$",
    beforeLoad: async ({ params, context }) => {
      const m = LINK.exec((params as { _splat?: string })._splat ?? "");
      if (m) {
        const { openRoom } = await import("./store.ts");
        openRoom(Number(m[1]), { around: Number(m[2]), ...(m[3] ? { threadId: Number(m[3]) } : {}) });
      }
      if (history().canGoBack()) {
        history().back();
        // Nothing renders here: the history's own back navigation replaces this visit.
        return;
      }
      throw redirect({ to: await firstScreen(context.queryClient), replace: true });
    },
  });
}
