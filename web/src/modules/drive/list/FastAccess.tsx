// Fast access on the home (001 §9): the 10 files used last, as cards that open them.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { fastQuery, isFolder } from "../queries.ts";
import { KindIcon } from "../icons.tsx";
import { useOpenItem } from "./open.ts";

export function FastAccess() {
  const { t } = useTranslation("drive");
  const files = (useQuery(fastQuery).data?.list.content ?? []).filter((i) => !isFolder(i));
  const open = useOpenItem(false);
  if (!files.length) return null;
  return (
    <section className="dr-fast" aria-labelledby="dr-fast-title">
      <h3 id="dr-fast-title" className="dr-fast-title">{t("fast.title")}</h3>
      <ul className="dr-fast-list">
        {files.map((f) => (
          <li key={f.id}>
            <AriaButton className="dr-fast-card" onPress={() => void open(f)}>
              <KindIcon fileType={f.fileType} shortcut={f.isShortcut} size={28} />
              <span className="dr-fast-name">{f.fileName}</span>
            </AriaButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
