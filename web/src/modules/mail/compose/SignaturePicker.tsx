// The signature tool of the compose toolbar: a menu of the user's signatures and "no signature"; choosing one
// swaps the signature in the body (or adds it at the end), "no signature" removes it (signature.ts).
import { useQuery } from "@tanstack/react-query";
import { type Editor, useEditorState } from "@tiptap/react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { signaturesQuery } from "../config/signatures/api.ts";
import { EditorIcon } from "../../../ui/editor/icons.tsx";
import { applySignature, findSignature } from "./signature.ts";

const NONE = "none";

export function SignaturePicker({ editor }: { editor: Editor }) {
  const { t } = useTranslation("mail");
  const list = useQuery(signaturesQuery).data ?? [];
  const current = useEditorState({ editor, selector: ({ editor: e }) => findSignature(e)?.id ?? "" });
  const selected = list.some((s) => String(s.id) === current) ? current : NONE;
  return (
    <MenuTrigger>
      <AriaButton className="rte-tb-btn rte-tb-sign" aria-label={t("signatures.picker.label")}>
        <span aria-hidden="true">{t("signatures.picker.button")}</span>
        <EditorIcon name="chevronDown" size={14} />
      </AriaButton>
      <Popover className="menu-popover rte-tb-popover">
        <Menu className="menu" aria-label={t("signatures.picker.label")} selectionMode="single" selectedKeys={[selected]}
          onAction={(key) => {
            const sig = list.find((s) => String(s.id) === String(key)) ?? null;
            applySignature(editor, sig);
          }}>
          <MenuItem id={NONE} className="menu-item">{t("signatures.picker.none")}</MenuItem>
          {list.map((s) => <MenuItem key={s.id} id={String(s.id)} className="menu-item">{s.title}</MenuItem>)}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
