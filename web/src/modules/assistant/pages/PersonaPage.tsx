// PERSONA (002 §2, §3, §5): who the caller is, for the answers of a chat that uses the persona: items by idx
// (title, job title defaulting to developer, traits, other). The items loaded are merged by idx and the original
// kept, so Save is offered only when something changed; a save replaces the caller's whole list.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Label, TextArea, TextField as AriaTextField } from "react-aria-components";
import type { PersonaItem, PersonaItemInput } from "@shared/assistant/api.ts";
import { PERSONA_DEFAULT_JOB_TITLE, PERSONA_ITEMS_MAX, PERSONA_TEXT_MAX } from "@shared/assistant/constants.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { savePersona } from "../api.ts";
import { personaQuery } from "../queries.ts";
import { AsstIcon } from "../icons.tsx";

type Item = Required<Omit<PersonaItemInput, "idx">> & { idx: number };

const blank = (idx: number): Item => ({ idx, title: "", jobTitle: PERSONA_DEFAULT_JOB_TITLE, traits: "", other: "" });

/** 002 §3: loaded items merged by idx into the list shown (one blank item when there are none). */
export function mergeByIdx(base: Item[], loaded: PersonaItem[]): Item[] {
  const byIdx = new Map(base.map((i) => [i.idx, i]));
  for (const p of loaded) byIdx.set(p.idx, { idx: p.idx, title: p.title, jobTitle: p.jobTitle || PERSONA_DEFAULT_JOB_TITLE, traits: p.traits, other: p.other });
  return [...byIdx.values()].sort((a, b) => a.idx - b.idx);
}

const same = (a: Item[], b: Item[]) => JSON.stringify(a) === JSON.stringify(b);

export function PersonaPage() {
  const { t } = useTranslation("assistant");
  const persona = useQuery(personaQuery);
  useEffect(() => {
    if (persona.isError) snackbar("ERROR", t("persona.loadFailed"));
  }, [persona.isError, t]);
  if (persona.isPending) return <p className="asst-muted asst-pad">{t("loading")}</p>;
  if (persona.isError) return <p className="asst-muted asst-pad" role="alert">{t("persona.loadFailed")}</p>;
  return <PersonaForm loaded={persona.data} />;
}

function PersonaForm({ loaded }: { loaded: PersonaItem[] }) {
  const { t } = useTranslation("assistant");
  const qc = useQueryClient();
  const original = useMemo(() => mergeByIdx(loaded.length ? [] : [blank(0)], loaded), [loaded]);
  const [items, setItems] = useState<Item[]>(original);
  const [saving, setSaving] = useState(false);
  const changed = !same(items, original);
  const edit = (idx: number, k: keyof Item) => (v: string) => setItems(items.map((i) => (i.idx === idx ? { ...i, [k]: v } : i)));
  const freeIdx = () => {
    for (let i = 0; i < PERSONA_ITEMS_MAX; i++) if (!items.some((x) => x.idx === i)) return i;
    return -1;
  };
  const save = async () => {
    setSaving(true);
    try {
      const saved = await savePersona(items.map((i) => ({ ...i, jobTitle: i.jobTitle.trim() || PERSONA_DEFAULT_JOB_TITLE })));
      qc.setQueryData(personaQuery.queryKey, saved);
      setItems(mergeByIdx([], saved));
      snackbar("SUCCESS", t("persona.saved"));
    } catch {
      snackbar("ERROR", t("persona.saveFailed"));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form className="asst-page asst-persona" onSubmit={(e) => {
      e.preventDefault();
      void save();
    }}>
      <p className="asst-muted">{t("persona.intro")}</p>
      {items.length === 0 && <p className="asst-muted">{t("persona.none")}</p>}
      <ol className="asst-persona-list">
        {items.map((it) => (
          <li key={it.idx} className="asst-persona-item">
            <fieldset className="asst-fieldset">
              <legend className="asst-section-title">{it.title || t("persona.item", { n: it.idx + 1 })}</legend>
              <div className="asst-editor-grid">
                <TextField label={t("persona.title")} value={it.title} onChange={edit(it.idx, "title")} maxLength={PERSONA_TEXT_MAX} />
                <TextField label={t("persona.jobTitle")} value={it.jobTitle} onChange={edit(it.idx, "jobTitle")} maxLength={PERSONA_TEXT_MAX}
                  placeholder={PERSONA_DEFAULT_JOB_TITLE} />
              </div>
              <Area label={t("persona.traits")} value={it.traits} onChange={edit(it.idx, "traits")} />
              <Area label={t("persona.other")} value={it.other} onChange={edit(it.idx, "other")} />
              <Button variant="ghost" onPress={() => setItems(items.filter((x) => x.idx !== it.idx))}>
                <AsstIcon name="trash" size={16} /> {t("persona.remove", { n: it.idx + 1 })}
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="asst-savebar">
        {items.length < PERSONA_ITEMS_MAX && (
          <Button variant="secondary" onPress={() => setItems([...items, blank(freeIdx())].sort((a, b) => a.idx - b.idx))}>
            <AsstIcon name="plus" size={16} /> {t("persona.add")}
          </Button>
        )}
        <Button type="submit" isDisabled={!changed || saving}>{saving ? t("saving") : t("save")}</Button>
      </div>
    </Form>
  );
}

function Area({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <AriaTextField value={value} onChange={onChange} maxLength={PERSONA_TEXT_MAX} className="field">
      <Label className="field-label">{label}</Label>
      <TextArea className="field-input asst-textarea" rows={2} />
    </AriaTextField>
  );
}
