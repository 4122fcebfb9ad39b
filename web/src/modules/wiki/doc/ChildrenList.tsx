// The document's sub-documents at the bottom of the page (the first SUMMARIES_PAGE_SIZE the reader may read;
// allChildrenFetched false says there are more), and 하위 문서 추가 (WRITE): a new untitled document under this
// one, opened at once.
import { Link, useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { WikiDocument } from "@shared/wiki/documents.ts";
import { Button } from "../../../ui/Button.tsx";
import { createDoc } from "../api.ts";
import { failed } from "../errors.ts";
import { wikiKeys } from "../queries.ts";
import { DocIcon } from "../side/DocIcon.tsx";
import { docLinkTo } from "./link-to.ts";

export function ChildrenList({ doc }: { doc: WikiDocument }) {
  const { t } = useTranslation("wiki");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function add() {
    setBusy(true);
    try {
      const child = await createDoc({ parentId: doc.id, type: "document" });
      void qc.invalidateQueries({ queryKey: wikiKeys.all });
      void navigate({ ...docLinkTo(child.id) });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="wd-children" aria-labelledby="wd-children-title">
      <div className="wd-children-head">
        <h2 id="wd-children-title" className="wd-children-title">{t("doc.children")}</h2>
        {doc.editable && <Button variant="secondary" onPress={() => void add()} isDisabled={busy}>{t("doc.addChild")}</Button>}
      </div>
      {doc.children.length === 0
        ? <p className="wd-muted">{t("doc.childrenEmpty")}</p>
        : (
          <ul className="wd-children-list">
            {doc.children.map((c) => (
              <li key={c.id}>
                <Link {...docLinkTo(c.id)}>
                  <DocIcon type={c.type} />
                  {c.title || t("common.untitled")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      {!doc.allChildrenFetched && <p className="wd-muted">{t("doc.childrenMore")}</p>}
    </section>
  );
}
