// The customer tags of the side pane (001 §5 "tag required and unique"): the company's tags, each a link to
// the cards carrying it over every group the user reads (/customer/list/tag/{tagId}), with a menu to edit
// (name, colour) or delete it (the server refuses one whose cards sit in a group the user may not change).
import { Link, useNavigate } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { CustomerTag } from "@shared/contacts/customer-tags.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { ICONS } from "../../contacts/icons.ts";
import { ItemMenu } from "../../contacts/side/ItemMenu.tsx";
import * as customerApi from "../api.ts";
import { refreshCustomers, tagsQuery } from "../queries.ts";
import { done, failed } from "../errors.ts";
import { customerPaths } from "../params.ts";
import { TagDialog } from "./TagDialog.tsx";

export function TagList({ current, onPick }: { current: number; onPick(): void }) {
  const { t } = useTranslation("customers");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const tags = useQuery(tagsQuery);
  const [edit, setEdit] = useState<CustomerTag | "new" | null>(null);

  async function remove(tag: CustomerTag) {
    const ok = await confirm({ message: t("tag.deleteConfirm", { name: tag.name }), danger: true, confirmLabel: t("action.delete") });
    if (!ok) return;
    try {
      await customerApi.deleteTag(tag.id);
      done("tagDeleted");
      if (current === tag.id) void navigate({ to: "/customer", replace: true });
    } catch (e) {
      failed(e, "tagDeleteFailed");
    } finally {
      await refreshCustomers(qc);
    }
  }

  return (
    <section className="ct-tree-section" aria-labelledby="cu-tags-title">
      <div className="ct-tree-head">
        <h3 id="cu-tags-title" className="ct-tree-title">{t("tag.title")}</h3>
        <AriaButton className="ct-icon-btn ct-icon-sm" aria-label={t("tag.add")} onPress={() => setEdit("new")}>
          <SvgIcon d={ICONS.plus} size={16} />
        </AriaButton>
      </div>
      {tags.data && tags.data.length === 0 && <p className="ct-muted ct-tree-empty">{t("tag.none")}</p>}
      <ul className="ct-tree-list">
        {tags.data?.map((tag) => (
          <li key={tag.id}>
            <div className="ct-tree-item">
              <Link {...customerPaths.list("tag", tag.id)} className="ct-group-link" aria-current={current === tag.id ? "page" : undefined} onClick={onPick}>
                <span className="cu-tag-dot" style={{ background: tag.color }} aria-hidden="true" />
                <span className="ct-group-name">{tag.name}</span>
              </Link>
              <ItemMenu label={t("tag.menu", { name: tag.name })} items={[{ id: "edit", label: t("tag.edit") }, { id: "delete", label: t("action.delete") }]}
                onAction={(k) => (k === "edit" ? setEdit(tag) : void remove(tag))} />
            </div>
          </li>
        ))}
      </ul>
      {edit && <TagDialog tag={edit === "new" ? null : edit} onClose={() => setEdit(null)} />}
    </section>
  );
}
