// The document's title as an input: saved (PATCH docs/{id} title) when it loses the focus or on Enter. With a
// Korean IME, Enter that ends a composition is the IME's: nothing is saved until the syllable is committed.
// A new (untitled) document one may edit opens with the focus in its title, and Enter there goes on to its (empty)
// body; an existing document's Enter only saves.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Input, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { TITLE_MAX } from "@shared/wiki/constants.ts";
import type { WikiDocument } from "@shared/wiki/documents.ts";
import { patchDoc } from "../api.ts";
import { failed } from "../errors.ts";
import { wikiKeys } from "../queries.ts";

export function TitleInput({ doc }: { doc: WikiDocument }) {
  const { t } = useTranslation("wiki");
  const qc = useQueryClient();
  const [value, setValue] = useState(doc.title);
  const saved = useRef(doc.title);
  const composing = useRef(false);
  const fresh = useRef(doc.editable && !doc.title);

  // Another person's rename arrives with the document: take it unless this person is typing one of their own
  // (the focus in the title and a value changed since the last title saved or received).
  useEffect(() => {
    const before = saved.current;
    const focused = document.activeElement?.getAttribute("data-wiki-title") === "true";
    setValue((v) => (focused && v !== before ? v : doc.title));
    saved.current = doc.title;
  }, [doc.title]);

  async function save() {
    const title = value.normalize("NFC").replace(/[\r\n\t]+/g, " ").trim();
    if (title === saved.current) return;
    saved.current = title;
    try {
      const next = await patchDoc(doc.id, { title });
      qc.setQueryData(wikiKeys.doc(doc.id), (old: WikiDocument | undefined) => (old ? { ...old, ...next, children: old.children } : next));
      void qc.invalidateQueries({ queryKey: wikiKeys.all, predicate: (q) => q.queryKey[1] !== "doc" || q.queryKey[2] !== doc.id });
    } catch (e) {
      saved.current = doc.title;
      failed(e);
    }
  }

  return (
    <TextField aria-label={t("doc.title")} value={value} onChange={setValue} maxLength={TITLE_MAX} isReadOnly={!doc.editable}
      className="wd-title-field" onBlur={() => void save()}>
      <Input className="wd-title" data-wiki-title="true" placeholder={t("common.untitled")} autoFocus={fresh.current}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={() => (composing.current = false)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          if (composing.current || e.nativeEvent.isComposing || e.keyCode === 229) return;
          e.preventDefault();
          void save();
          if (fresh.current) e.currentTarget.closest(".wd-page")?.querySelector<HTMLElement>('.we-content[contenteditable="true"]')?.focus();
        }} />
    </TextField>
  );
}
