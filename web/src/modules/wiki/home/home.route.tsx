// /wiki: the document read last (GET users/last-read), the address replaced; with none, the start screen.
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { lastReadQuery } from "../queries.ts";
import { wikiLinks } from "../side/links.ts";
import { StartScreen } from "./StartScreen.tsx";

export const Route = createLazyRoute("/app/wiki/")({ component: WikiHome });

function WikiHome() {
  const { t } = useTranslation("wiki");
  const navigate = useNavigate();
  const lastRead = useQuery({ ...lastReadQuery(), staleTime: 0, refetchOnMount: "always" });
  const fresh = lastRead.isFetched && !lastRead.isFetching;
  const target = fresh ? lastRead.data?.documentId : undefined;
  useEffect(() => {
    if (target) void navigate({ ...wikiLinks.doc(target), replace: true });
  }, [target, navigate]);
  if (lastRead.isError || (fresh && !target)) return <StartScreen />;
  return <p className="wk-muted wk-screen" role="status">{t("common.loading")}</p>;
}
