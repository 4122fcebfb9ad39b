// The toolbar's 문서 링크: a popover searching documents (GET docs/search) and linking the chosen one as
// #/wiki/docs/{id}: the selected text becomes the link, or the document's title is inserted as one.
import type { Editor } from "@tiptap/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button as AriaButton, Dialog, DialogTrigger, ListBox, ListBoxItem, Popover } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { SEARCH_KEYWORD_MAX } from "@shared/wiki/constants.ts";
import { TextField } from "../../../ui/TextField.tsx";
import { searchDocs } from "../api.ts";
import { WikiGlyph } from "./glyphs.tsx";

const DEBOUNCE_MS = 250;
const SIZE = 8;

export const docHref = (id: number) => `#/wiki/docs/${id}`;

export function DocLinkPicker({ editor, docId }: { editor: Editor; docId: number }) {
  const { t } = useTranslation("wiki");
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [keyword, setKeyword] = useState("");
  useEffect(() => {
    const id = setTimeout(() => setKeyword(text.trim().slice(0, SEARCH_KEYWORD_MAX)), DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);
  const hits = useQuery({
    queryKey: ["wiki", "linkPicker", keyword],
    queryFn: ({ signal }) => searchDocs({ keyword, size: SIZE, type: "title" }, signal),
    enabled: open && keyword.length > 0,
  });
  const items = (hits.data?.content ?? []).filter((h) => h.id !== docId);

  function insert(id: number, close: () => void) {
    const hit = items.find((h) => h.id === id);
    if (!hit) return;
    const href = docHref(id);
    const chain = editor.chain().focus();
    if (editor.state.selection.empty) {
      chain.insertContent([{ type: "text", text: hit.title || t("common.untitled"), marks: [{ type: "link", attrs: { href } }] }, { type: "text", text: " " }]).run();
    } else {
      chain.extendMarkRange("link").setLink({ href }).run();
    }
    close();
  }

  return (
    <DialogTrigger isOpen={open} onOpenChange={(o) => {
      setOpen(o);
      if (o) setText("");
    }}>
      <AriaButton className="rte-tb-btn" aria-label={t("editor.docLink")}><WikiGlyph name="docLink" /></AriaButton>
      <Popover className="menu-popover we-picker" placement="bottom start">
        <Dialog className="we-picker-dialog" aria-label={t("editor.docLink")}>
          {({ close }) => (
            <>
              <TextField label={t("editor.docLinkSearch")} value={text} onChange={setText} autoFocus
                description={t("editor.docLinkHint")} />
              {keyword && !hits.isFetching && items.length === 0
                ? <p className="wd-muted">{t("editor.docLinkEmpty")}</p>
                : (
                  <ListBox aria-label={t("editor.docLinkSearch")} className="menu we-picker-list" items={items}
                    onAction={(k) => insert(Number(k), close)}>
                    {(h) => (
                      <ListBoxItem id={h.id} className="menu-item" textValue={h.title || t("common.untitled")}>
                        {h.title || t("common.untitled")}
                      </ListBoxItem>
                    )}
                  </ListBox>
                )}
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
