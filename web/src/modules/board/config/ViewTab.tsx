// 보기 설정: how the lists show (피드형 CARD / 목록형 LIST), posts and replies per page (5 … PAGE_SIZE_MAX) and the
// daily digest mail of what happened in the user's boards; saved together (PUT config).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldError, Form, Input, Label, NumberField, Radio, RadioGroup, Text } from "react-aria-components";
import type { BoardConfig } from "@shared/board/config.ts";
import { DIGEST_HOUR, PAGE_SIZE_MAX, VIEW_TYPES, type ViewType } from "@shared/board/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { saveConfig } from "../api.ts";
import { boardKeys, configQuery } from "../queries.ts";
import { configDone, configFailed, configText } from "./feedback.ts";

const PAGE_MIN = 5;

export function ViewTab() {
  const { t } = useTranslation("board");
  const config = useQuery({ ...configQuery, staleTime: 0 });
  return (
    <section className="bdc-section" aria-labelledby="bdc-view-title">
      <h2 id="bdc-view-title" className="bdc-heading">{t("config.tab.view")}</h2>
      {config.isError && <p className="bd-error" role="alert">{configText("loadFailed")}</p>}
      {config.isPending && <p className="bd-muted">{t("config.loading")}</p>}
      {config.data && <ViewForm saved={config.data} />}
    </section>
  );
}

function SizeField({ label, value, onChange, error }: { label: string; value: number; onChange(v: number): void; error?: string }) {
  const { t } = useTranslation("board");
  return (
    <NumberField className="field bdc-number" value={value} onChange={onChange} minValue={PAGE_MIN} maxValue={PAGE_SIZE_MAX} isInvalid={!!error}
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}>
      <Label className="field-label">{label}</Label>
      <Input className="field-input" />
      <Text slot="description" className="field-description">{t("config.view.sizeRange", { min: PAGE_MIN, max: PAGE_SIZE_MAX })}</Text>
      <FieldError className="field-error">{error}</FieldError>
    </NumberField>
  );
}

function ViewForm({ saved }: { saved: BoardConfig }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const [viewType, setViewType] = useState<ViewType>(saved.viewType);
  const [postPageSize, setPost] = useState(saved.postPageSize);
  const [replyPageSize, setReply] = useState(saved.replyPageSize);
  const [digest, setDigest] = useState(saved.digest);
  const [busy, setBusy] = useState(false);
  const bad = (n: number) => (Number.isInteger(n) && n >= PAGE_MIN && n <= PAGE_SIZE_MAX ? undefined : t("config.view.sizeRange", { min: PAGE_MIN, max: PAGE_SIZE_MAX }));

  async function submit() {
    if (bad(postPageSize) || bad(replyPageSize)) return;
    setBusy(true);
    try {
      const next = await saveConfig({ viewType, postPageSize, replyPageSize, digest });
      qc.setQueryData(boardKeys.config, next);
      void qc.invalidateQueries({ queryKey: ["board", "posts"] });
      configDone("viewSaved");
    } catch (e) {
      configFailed(e, "viewFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form className="bdc-form" validationBehavior="aria" onSubmit={(ev) => {
      ev.preventDefault();
      void submit();
    }}>
      <RadioGroup className="bdc-radios" value={viewType} onChange={(v) => setViewType(v as ViewType)}>
        <Label className="field-label">{t("config.view.viewType")}</Label>
        <div className="bdc-radio-row">
          {VIEW_TYPES.map((k) => <Radio key={k} value={k} className="bdc-radio">{t(`list.views.${k}`)}</Radio>)}
        </div>
      </RadioGroup>
      <div className="bdc-row-fields">
        <SizeField label={t("config.view.postPageSize")} value={postPageSize} onChange={setPost} error={bad(postPageSize)} />
        <SizeField label={t("config.view.replyPageSize")} value={replyPageSize} onChange={setReply} error={bad(replyPageSize)} />
      </div>
      <Switch label={t("config.view.digest")} description={t("config.view.digestHint", { hour: DIGEST_HOUR })} isSelected={digest} onChange={setDigest} />
      <div className="dialog-actions bdc-start">
        <Button type="submit" isDisabled={busy}>{t("config.save")}</Button>
      </div>
    </Form>
  );
}
