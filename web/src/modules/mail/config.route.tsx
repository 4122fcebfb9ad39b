// /mail/config/{folderId}/{page}/{tabId}: mail settings beside the folder tree.
import { createLazyRoute, useParams } from "@tanstack/react-router";
import { ConfigScreen } from "./config/ConfigScreen.tsx";
import { parseFolderId, parsePage } from "./route-params.ts";

function ConfigRouteScreen() {
  const p = useParams({ strict: false }) as { folderId?: string; page?: string; tabId?: string };
  return <ConfigScreen folderId={parseFolderId(p.folderId) ?? -1} page={parsePage(p.page) ?? 1} tabId={p.tabId ?? "list"} />;
}

export const Route = createLazyRoute("/app/mail/config/$folderId/$page/$tabId")({ component: ConfigRouteScreen });
