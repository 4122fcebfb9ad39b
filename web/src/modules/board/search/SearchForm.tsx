// The board search form in the screens' header (001 §2): a keyword, the fields it is matched against (all,
// title, content, writer), and tags chosen from the company's tags. It needs tags or a keyword of 1 to 50
// characters (said under the field otherwise); a search goes to /board/search/{type}/{query}, the type shown
// (all from a board).
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Dialog, DialogTrigger, Form, Input, Label, Popover, SearchField } from "react-aria-components";
import { KEYWORD_MAX, SEARCH_FIELDS, type SearchField as Field, type SearchType } from "@shared/board/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { Icon } from "../../../ui/icons.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { boardPaths } from "../paths.ts";
import { configQuery } from "../queries.ts";
import { keywordOk, type SearchAddress, searchText } from "./query.ts";

export function SearchForm({ shown, type = "all" }: { shown?: SearchAddress | null; type?: SearchType }) {
  const { t } = useTranslation("board");
  const navigate = useNavigate();
  const tags = useQuery(configQuery).data?.tags ?? [];
  const [keyword, setKeyword] = useState(shown?.keyword ?? "");
  const [field, setField] = useState<Field>(shown?.searchType ?? "ALL");
  const [chosen, setChosen] = useState<number[]>(shown?.tags ?? []);
  const [error, setError] = useState<string>();
  const errorId = useId();
  useEffect(() => {
    setKeyword(shown?.keyword ?? "");
    setField(shown?.searchType ?? "ALL");
    setChosen(shown?.tags ?? []);
    setError(undefined);
  }, [shown?.keyword, shown?.searchType, shown?.tags?.join(",")]);

  const submit = () => {
    if (!keywordOk(keyword, chosen)) {
      setError(t("search.keywordRule", { max: KEYWORD_MAX }));
      return;
    }
    void navigate(boardPaths.search(type, searchText({ keyword: keyword.trim(), tags: chosen, searchType: field })));
  };
  const toggleTag = (id: number, on: boolean) => {
    setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
    setError(undefined);
  };

  return (
    <Form className="bd-search" role="search" aria-label={t("search.label")} onSubmit={(e) => {
      e.preventDefault();
      submit();
    }}>
      <SelectField label={t("search.field")} hideLabel options={SEARCH_FIELDS.map((f) => ({ id: f, label: t(`search.fields.${f}`) }))}
        value={field} onChange={(v) => setField(v as Field)} />
      <SearchField value={keyword} onChange={(v) => {
        setKeyword(v);
        setError(undefined);
      }} className="bd-search-field" aria-describedby={error ? errorId : undefined} isInvalid={!!error}>
        <Label className="visually-hidden">{t("search.keyword")}</Label>
        <Icon name="search" size={16} />
        <Input className="bd-search-input" placeholder={t("search.placeholder")} maxLength={KEYWORD_MAX + 10} />
      </SearchField>
      {tags.length > 0 && (
        <DialogTrigger>
          <AriaButton className="btn btn-secondary bd-tag-button">
            {chosen.length ? t("search.tagsChosen", { count: chosen.length }) : t("search.tags")}
          </AriaButton>
          <Popover className="menu-popover bd-tag-popover" placement="bottom end">
            <Dialog className="bd-tag-dialog" aria-label={t("search.tags")}>
              <ul className="bd-tag-choices">
                {tags.map((tag) => (
                  <li key={tag.id}>
                    <Checkbox isSelected={chosen.includes(tag.id)} onChange={(on) => toggleTag(tag.id, on)}>
                      <span className="bd-tag-dot" style={{ background: tag.color }} aria-hidden="true" />
                      {tag.name}
                    </Checkbox>
                  </li>
                ))}
              </ul>
            </Dialog>
          </Popover>
        </DialogTrigger>
      )}
      <Button type="submit" className="bd-search-submit">{t("search.submit")}</Button>
      {error && <p id={errorId} className="bd-search-error" role="alert">{error}</p>}
    </Form>
  );
}
