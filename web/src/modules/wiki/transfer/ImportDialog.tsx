// Markdown import (issue 29): one .md file, or a .zip of .md files whose folders become parent documents, under
// parentId (null: the top level). The file is picked (or dropped), sent with uploadForm (`file`, `parentId`)
// with its progress shown, and the imported documents are listed; 열기 goes to the first. Failures show their
// code's text (wiki.import_invalid, …).
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FileTrigger, Label, ProgressBar } from "react-aria-components";
import { IMPORT_MAX_BYTES } from "@shared/wiki/constants.ts";
import type { WikiSummary } from "@shared/wiki/documents.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { FileDrop } from "../../../ui/FileDrop.tsx";
import { codeOf, paramsOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { type UploadHandle, UploadAborted, uploadForm } from "../../../lib/upload.ts";
import { importUrl } from "../api.ts";
import { wikiKeys } from "../queries.ts";
import { docLinkProps } from "../database/doc-link.ts";
import "./transfer.css";

const ACCEPT = [".md", ".markdown", ".zip", "text/markdown", "application/zip"];
const fits = (f: File) => /\.(md|markdown|zip)$/i.test(f.name);

type State = { step: "pick" } | { step: "sending"; loaded: number } | { step: "done"; docs: WikiSummary[] };

export function ImportDialog({ parentId, onClose }: { parentId: number | null; onClose(): void }) {
  const { t, i18n } = useTranslation("wiki");
  const size = (n: number) => formatBytes(n, i18n.language);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: "pick" });
  const [error, setError] = useState<string>();
  const upload = useRef<UploadHandle<WikiSummary[]> | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const choose = (files: File[]) => {
    const f = files[0];
    if (!f) return;
    setState({ step: "pick" });
    if (!fits(f)) return (setFile(null), setError(t("transfer.notMarkdown")));
    if (f.size > IMPORT_MAX_BYTES) return (setFile(null), setError(t("transfer.tooLarge", { max: size(IMPORT_MAX_BYTES) })));
    setError(undefined);
    setFile(f);
  };
  const start = async () => {
    if (!file) return setError(t("transfer.pickFirst"));
    setError(undefined);
    setState({ step: "sending", loaded: 0 });
    const handle = uploadForm<WikiSummary[]>(importUrl, () => {
      const form = new FormData();
      form.append("file", file, file.name);
      if (parentId !== null) form.append("parentId", String(parentId));
      return form;
    }, (loaded) => setState({ step: "sending", loaded }));
    upload.current = handle;
    try {
      const docs = await handle.promise;
      setState({ step: "done", docs });
      void qc.invalidateQueries({ queryKey: wikiKeys.all });
    } catch (e) {
      setState({ step: "pick" });
      if (!(e instanceof UploadAborted)) setError(errorText(codeOf(e), paramsOf(e)));
    } finally {
      upload.current = null;
    }
  };
  const openFirst = (docs: WikiSummary[]) => {
    onClose();
    if (docs[0]) void navigate(docLinkProps(docs[0].id));
  };

  return (
    <Dialog title={t("transfer.title")} isOpen onClose={onClose} width={520}>
      {state.step === "done"
        ? (
          <div className="wimp">
            <p role="status">{t("transfer.done", { count: state.docs.length })}</p>
            <ul className="wimp-list" aria-label={t("transfer.imported")}>
              {state.docs.map((d) => <li key={d.id}><Link {...docLinkProps(d.id)} onClick={onClose}>{d.title || t("transfer.untitled")}</Link></li>)}
            </ul>
            <div className="wimp-actions">
              <Button variant="secondary" onPress={onClose}>{t("transfer.close")}</Button>
              {state.docs.length > 0 && <Button onPress={() => openFirst(state.docs)}>{t("transfer.openFirst")}</Button>}
            </div>
          </div>
        )
        : (
          <div className="wimp">
            <p className="wimp-muted">{t("transfer.help", { max: size(IMPORT_MAX_BYTES) })}</p>
            <FileDrop className="wimp-drop" label={t("transfer.dropLabel")} onFiles={choose}>
              <p>{file ? t("transfer.chosen", { name: file.name, size: size(file.size) }) : t("transfer.drop")}</p>
              <FileTrigger acceptedFileTypes={ACCEPT} onSelect={(list) => choose(list ? Array.from(list) : [])}>
                <Button variant="secondary" isDisabled={state.step === "sending"}>{t("transfer.pick")}</Button>
              </FileTrigger>
            </FileDrop>
            {state.step === "sending" && file && (
              <ProgressBar className="wimp-progress" value={Math.min(state.loaded, file.size)} maxValue={file.size || 1}>
                {({ percentage }) => (
                  <>
                    <Label>{t("transfer.sending")}</Label>
                    <span className="wimp-muted">{Math.round(percentage ?? 0)}%</span>
                    <div className="wimp-bar"><div className="wimp-fill" style={{ width: `${percentage ?? 0}%` }} /></div>
                  </>
                )}
              </ProgressBar>
            )}
            {error && <p role="alert" className="field-error">{error}</p>}
            <div className="wimp-actions">
              <Button variant="secondary" onPress={() => (upload.current?.abort(), onClose())}>{t("transfer.cancel")}</Button>
              <Button onPress={() => void start()} isDisabled={state.step === "sending"}>{t("transfer.start")}</Button>
            </div>
          </div>
        )}
    </Dialog>
  );
}
