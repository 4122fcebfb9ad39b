// A list's search box: a labelled search field with its submit button and the message of a word refused
// (too short), as the contacts, the customer book and the drive show it. The caller checks the word and
// navigates: onSearch answers the message to show, or nothing when the search went ahead. The word follows
// `word` when the list shown changes (another list shows its own word).
import { useEffect, useState } from "react";
import { Button as AriaButton, Form, Input, Label, SearchField } from "react-aria-components";
import { Icon } from "./icons.tsx";

export function SearchForm({ word: shown = "", onSearch, label, placeholder, submit, prefix, className, id }: {
  word?: string;
  onSearch(word: string): string | undefined;
  label: string;
  placeholder: string;
  submit: string;
  /** The class prefix of the module's styles: `${prefix}-search-field`, -search-input, -tool-btn, -search-error. */
  prefix: string;
  /** The form's class (its place in the layout). */
  className: string;
  /** Prefix of the message element's id (unique on the page). */
  id: string;
}) {
  const [word, setWord] = useState(shown);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setWord(shown);
    setError(undefined);
  }, [shown]);
  const errorId = `${id}-error`;
  return (
    <Form className={className} role="search" onSubmit={(e) => {
      e.preventDefault();
      setError(onSearch(word.trim()));
    }}>
      <SearchField value={word} onChange={(v) => {
        setWord(v);
        setError(undefined);
      }} onClear={() => setError(undefined)} className={`${prefix}-search-field`} aria-describedby={error ? errorId : undefined}>
        <Label className="visually-hidden">{label}</Label>
        <Icon name="search" size={16} />
        <Input className={`${prefix}-search-input`} placeholder={placeholder} />
      </SearchField>
      <AriaButton type="submit" className={`${prefix}-tool-btn`}>{submit}</AriaButton>
      {error && <span id={errorId} role="alert" className={`${prefix}-search-error`}>{error}</span>}
    </Form>
  );
}
