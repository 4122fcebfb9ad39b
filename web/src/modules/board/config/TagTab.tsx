// 태그: the company's tags with their colours. Anyone adds one (a name of TAG_NAME_MAX characters at most, unique
// in the company whatever its case, TAGS_MAX in all: the refusals show at the name); its maker or a company
// admin renames, recolours or deletes it (posts lose a deleted tag, after a confirmation). Others' tags are
// listed without the actions.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { BoardTag } from "@shared/board/config.ts";
import { TAG_COLORS, TAG_NAME_MAX, TAGS_MAX } from "@shared/board/constants.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { codeOf } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { addTag, deleteTag, updateTag } from "../api.ts";
import { boardErrorText } from "../errors.ts";
import { configQuery, refreshBoards } from "../queries.ts";
import { ColorPicker } from "./ColorPicker.tsx";
import { configDone, configFailed, configText } from "./feedback.ts";

/** The field error of a tag name: required, or used by another tag (any case). */
function nameError(name: string, tags: BoardTag[], self: number | null, t: (k: string) => string): string | undefined {
  const v = name.trim();
  if (!v) return t("config.tag.nameRequired");
  if (tags.some((x) => x.id !== self && x.name.toLowerCase() === v.toLowerCase())) return t("boardErrors:board.tag_exists");
}

const fieldCodes = ["board.tag_exists", "board.tags_max"];

function TagForm({ tag, tags, onDone }: { tag: BoardTag | null; tags: BoardTag[]; onDone(): void }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const [name, setName] = useState(tag?.name ?? "");
  const [color, setColor] = useState<string>(tag?.color ?? TAG_COLORS[0]);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<string>();
  const [busy, setBusy] = useState(false);
  const full = !tag && tags.length >= TAGS_MAX;
  const error = server ?? (tried ? nameError(name, tags, tag?.id ?? null, t) : undefined);

  async function submit() {
    setTried(true);
    setServer(undefined);
    if (nameError(name, tags, tag?.id ?? null, t) || full) return;
    setBusy(true);
    try {
      if (tag) await updateTag(tag.id, { name: name.trim(), color });
      else await addTag({ name: name.trim(), color });
      configDone(tag ? "tagSaved" : "tagAdded", { name: name.trim() });
      setName("");
      setTried(false);
      onDone();
    } catch (e) {
      if (fieldCodes.includes(codeOf(e))) setServer(boardErrorText(e));
      else configFailed(e, tag ? "tagEditFailed" : "tagAddFailed");
    } finally {
      setBusy(false);
      void refreshBoards(qc);
    }
  }

  return (
    <Form className="bdc-tag-form" validationBehavior="aria" onSubmit={(ev) => {
      ev.preventDefault();
      void submit();
    }}>
      <TextField label={tag ? t("config.tag.renameOf", { name: tag.name }) : t("config.tag.name")} value={name} autoFocus={!!tag}
        onChange={(v) => {
          setName(v);
          setServer(undefined);
        }}
        maxLength={TAG_NAME_MAX} errorMessage={error ?? (full ? t("boardErrors:board.tags_max") : undefined)} />
      <ColorPicker value={color} onChange={setColor} label={tag ? t("config.tag.colorOf", { name: tag.name }) : t("config.tag.color")} />
      <div className="bdc-inline-actions">
        {tag && <Button variant="secondary" onPress={onDone}>{t("config.cancel")}</Button>}
        <Button type="submit" isDisabled={busy || full}>{tag ? t("config.save") : t("config.tag.add")}</Button>
      </div>
    </Form>
  );
}

export function TagTab() {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const config = useQuery({ ...configQuery, staleTime: 0 });
  const [editing, setEditing] = useState<number | null>(null);
  const tags = config.data?.tags ?? [];

  async function remove(tag: BoardTag) {
    const ok = await confirm({ title: t("config.tag.deleteTitle"), message: t("config.tag.deleteAsk", { name: tag.name }), confirmLabel: t("config.tag.delete"), danger: true });
    if (!ok) return;
    try {
      await deleteTag(tag.id);
      configDone("tagDeleted", { name: tag.name });
    } catch (e) {
      configFailed(e, "tagDeleteFailed");
    } finally {
      void refreshBoards(qc);
    }
  }

  return (
    <div className="bdc-stack">
      <section className="bdc-section" aria-labelledby="bdc-tag-add">
        <h2 id="bdc-tag-add" className="bdc-heading">{t("config.tag.addTitle")}</h2>
        <TagForm key="new" tag={null} tags={tags} onDone={() => {}} />
      </section>
      <section className="bdc-section" aria-labelledby="bdc-tag-title">
        <h2 id="bdc-tag-title" className="bdc-heading">{t("config.tag.title", { count: tags.length, max: TAGS_MAX })}</h2>
        {config.isError && <p className="bd-error" role="alert">{configText("loadFailed")}</p>}
        {config.isSuccess && tags.length === 0 && <p className="bd-empty">{t("config.tag.none")}</p>}
        {tags.length > 0 && (
          <ul className="bdc-rows" aria-label={t("config.tag.list")}>
            {tags.map((tag) => (
              <li key={tag.id} className="bdc-row bdc-tag-row">
                {editing === tag.id
                  ? <TagForm tag={tag} tags={tags} onDone={() => setEditing(null)} />
                  : (
                    <>
                      <span className="bdc-row-main">
                        <span className="bd-tag" style={{ "--tag": tag.color } as React.CSSProperties}>
                          <span className="bd-tag-dot" aria-hidden="true" />{tag.name}
                        </span>
                        {!tag.editable && <span className="bd-muted">{t("config.tag.notYours")}</span>}
                      </span>
                      {tag.editable && (
                        <span className="bdc-row-actions">
                          <Button variant="secondary" aria-label={t("config.tag.editOf", { name: tag.name })} onPress={() => setEditing(tag.id)}>
                            {t("config.tag.edit")}
                          </Button>
                          <Button variant="secondary" aria-label={t("config.tag.deleteOf", { name: tag.name })} onPress={() => void remove(tag)}>
                            {t("config.tag.delete")}
                          </Button>
                        </span>
                      )}
                    </>
                  )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
