import { createContext, useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import Select, {
  NonceProvider,
  components,
  type AriaLiveMessages,
  type FormatOptionLabelMeta,
  type GroupBase,
  type InputActionMeta,
  type InputProps,
  type SelectInstance,
  type SingleValue,
} from "react-select";
import { cspNonce } from "../lib/csp-nonce";
import { t } from "../lib/i18n";
import { aliasIndex, bestMatch, rankSuggestions, searchForm } from "./suggestion-rank";
import { MenuWindowContext, WindowedMenuList, type MenuWindow } from "./windowed-menu-list";

/** Suggestions handed to react-select at first; the menu asks for more as it scrolls. */
export const FIRST_LOAD = 100;

/** What react-select says through its live region, in the page's language (its own messages
 *  are English). Only what a searchable single choice says: no multi-value messages. */
const LIVE_MESSAGES: AriaLiveMessages<Suggestion, false, GroupBase<Suggestion>> = {
  guidance: ({ context }) =>
    context === "menu"
      ? t("Use Up and Down to choose options, press Enter to select the focused option, press Escape to leave the list.")
      : context === "input"
        ? t("Type to search, press Down to open the list.")
        : "",
  onChange: ({ action, label = "" }) => (action === "select-option" ? t("{option}, selected.", { option: label }) : ""),
  onFocus: ({ context, focused, options, label = "" }) =>
    context === "menu" && options.length
      ? t("{option}, {position} of {total}.", { option: label, position: options.indexOf(focused) + 1, total: options.length })
      : "",
};

/** Ids of the hint and error beside the field, for the input's aria-describedby. */
const DescribedByContext = createContext<string | undefined>(undefined);

export interface Suggestion {
  value: string;
  label: string;
  /** The label as compared (searchForm), computed once per option list rather than once per keystroke. */
  lower: string;
}

export function toSuggestions(options: string[]): Suggestion[] {
  return options.map((option) => ({ value: option, label: option, lower: searchForm(option) }));
}

/** The input keeps the typed text visible at all times: the text *is* the value. */
function TextInput(props: InputProps<Suggestion, false>) {
  const describedBy = useContext(DescribedByContext);
  return <components.Input {...props} isHidden={false} aria-describedby={describedBy} />;
}

function Highlighted({ label, text }: { label: string; text: string }) {
  // The occurrence that ranked the option (a word's start before a match inside a word); an
  // option found by its short name alone has none.
  const needle = searchForm(text.trim());
  const at = needle ? bestMatch(searchForm(label), needle).at : -1;
  if (at < 0) return <>{label}</>;
  return (
    <>
      {label.slice(0, at)}
      <mark className="ac__match">{label.slice(at, at + needle.length)}</mark>
      {label.slice(at + needle.length)}
    </>
  );
}

const COMPONENTS = {
  Input: TextInput,
  MenuList: WindowedMenuList,
  DropdownIndicator: null,
  IndicatorSeparator: null,
};

export type AliasPair = readonly [string, string];

export interface AutocompleteProps {
  /** The id of the text input, for the caller's <label htmlFor>. */
  inputId: string;
  options: string[];
  /** The answer passed in; the typed text resets to it whenever it changes. */
  answer: string;
  sectionIndex?: number;
  questionIndex?: number;
  /** Called on every keystroke and on a picked suggestion, with the text and the indices. */
  onChange: (value: string, sectionIndex: number, questionIndex: number) => void;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  loading?: boolean;
  placeholder?: string;
  /** Short names that find an option ("UCLA"): the server's (alias, name) pairs, indexed here so
   *  that the ranking code loads with react-select rather than in the page's first download. */
  aliases?: readonly AliasPair[];
  /** The option offered when nothing matches (the school list's "College Not Present"), with
   *  the label that says what it is for. */
  fallback?: { value: string; label: string };
}

/**
 * Autocomplete input on react-select.
 *
 * - Typing updates the value and reports it with the section and question index (default 0).
 * - Non-empty text suggests the options containing it, case-insensitive, and opens the list;
 *   empty text closes it. The best matches come first (suggestion-rank.ts): names starting
 *   with the text, then a word starting with it, then the rest; a short name ("UCLA") that is
 *   an alias puts its school at the top.
 * - Picking a suggestion sets the value, clears the suggestions and closes the list.
 * - A click outside the container closes the list.
 * - The value resets when the answer passed in changes.
 * The text must match an option exactly to be valid; the form checks that on submit.
 *
 * react-select styles itself through emotion, which inserts <style> elements: they carry the
 * page's Content-Security-Policy nonce, so the policy needs no 'unsafe-inline' for styles.
 */
export function Autocomplete(props: AutocompleteProps) {
  const [nonce] = useState(cspNonce);
  return (
    <NonceProvider nonce={nonce} cacheKey="ac">
      <AutocompleteField {...props} />
    </NonceProvider>
  );
}

function AutocompleteField({
  inputId,
  options,
  answer,
  sectionIndex = 0,
  questionIndex = 0,
  onChange,
  describedBy,
  invalid,
  required,
  loading,
  placeholder = t("Start typing to search…"),
  aliases,
  fallback,
}: AutocompleteProps) {
  const all = useMemo(() => toSuggestions(options), [options]);
  const aliasesByKey = useMemo(() => (aliases ? aliasIndex(aliases) : undefined), [aliases]);
  const fallbackOption = useMemo<Suggestion | null>(
    () =>
      fallback && options.includes(fallback.value)
        ? { value: fallback.value, label: fallback.label, lower: searchForm(fallback.label) }
        : null,
    [fallback, options],
  );
  /** The ranked matches; none, with a fallback, offers the fallback rather than a dead end. */
  function rank(value: string): Suggestion[] {
    const matches = rankSuggestions(all, value, aliasesByKey);
    return matches.length || !fallbackOption || !value.trim() ? matches : [fallbackOption];
  }
  const byValue = useMemo(() => new Map(all.map((s) => [s.value, s])), [all]);
  const [text, setText] = useState(answer);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [loaded, setLoaded] = useState(FIRST_LOAD);
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const select = useRef<SelectInstance<Suggestion, false>>(null);
  const focusedRow = useRef(-1);
  const focusLastWhenLoaded = useRef(false);
  // Whether the arrows have moved through the list since the text last changed: react-select
  // highlights the first suggestion as the list opens, so a first Down would skip it.
  const navigated = useRef(false);
  // react-select builds an element for every option it holds on every render, so it holds
  // only the loaded prefix of the matches (see windowed-menu-list.tsx).
  const held = useMemo(() => suggestions.slice(0, loaded), [suggestions, loaded]);
  const menuWindow = useMemo<MenuWindow>(
    () => ({
      total: suggestions.length,
      need: (rows) => setLoaded((current) => (rows > current ? Math.ceil(rows / FIRST_LOAD) * FIRST_LOAD : current)),
      focused: (index) => {
        focusedRow.current = index;
      },
    }),
    [suggestions],
  );

  useEffect(() => {
    if (focusLastWhenLoaded.current && held.length === suggestions.length) {
      focusLastWhenLoaded.current = false;
      select.current?.focusOption("last");
    }
  }, [held, suggestions]);

  function suggest(matches: Suggestion[]) {
    setSuggestions(matches);
    setLoaded(FIRST_LOAD);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Down then Enter picks the first suggestion, as in a native list: the first Down lands on
    // the row already highlighted instead of moving past it.
    if (open && event.key === "ArrowDown" && !navigated.current && focusedRow.current <= 0 && suggestions.length) {
      event.preventDefault();
      navigated.current = true;
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp" || event.key === "PageDown" || event.key === "PageUp") {
      navigated.current = true;
    }
    // End, or Up from the first row, goes to the very last match: load them all first.
    const toLast = event.key === "End" || (event.key === "ArrowUp" && focusedRow.current === 0);
    if (open && toLast && held.length < suggestions.length) {
      event.preventDefault();
      focusLastWhenLoaded.current = true;
      setLoaded(suggestions.length);
    }
  }

  useEffect(() => {
    setText(answer);
  }, [answer]);

  // The options may arrive after the person has typed (the school list loads separately).
  useEffect(() => {
    if (open) suggest(rank(text));
    // Only a new option list refreshes the suggestions here; typing refreshes them itself.
  }, [all, aliasesByKey, fallbackOption]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", onPointerDown);
    document.addEventListener("touchstart", onPointerDown);
    return () => {
      document.removeEventListener("mousedown", onPointerDown);
      document.removeEventListener("touchstart", onPointerDown);
    };
  }, [open]);

  function type(value: string) {
    navigated.current = false;
    setText(value);
    onChange(value, sectionIndex, questionIndex);
    if (value) {
      suggest(rank(value));
      setOpen(true);
    } else {
      suggest([]);
      setOpen(false);
    }
  }

  function onInputChange(value: string, meta: InputActionMeta) {
    // Blur, closing the menu and picking a value must not wipe the typed text.
    if (meta.action === "input-change") type(value);
  }

  function pick(option: SingleValue<Suggestion>) {
    const value = option ? option.value : "";
    setText(value);
    onChange(value, sectionIndex, questionIndex);
    suggest([]);
    setOpen(false);
  }

  return (
    <DescribedByContext.Provider value={describedBy}>
      <MenuWindowContext.Provider value={menuWindow}>
        <div ref={container} className="ac">
          <Select<Suggestion, false>
            ref={select}
            inputId={inputId}
            unstyled
            classNamePrefix="ac"
            className={`ac__select${invalid ? " ac__select--invalid" : ""}`}
            components={COMPONENTS}
            options={held}
            onKeyDown={onKeyDown}
            ariaLiveMessages={{
              ...LIVE_MESSAGES,
              onFilter: ({ inputValue }) =>
                t.plural(
                  suggestions.length,
                  { one: "{count} result available for search term {term}.", other: "{count} results available for search term {term}." },
                  { term: inputValue },
                ),
            }}
            filterOption={null}
            value={byValue.get(text) ?? (fallbackOption?.value === text ? fallbackOption : null)}
            controlShouldRenderValue={false}
            inputValue={text}
            onInputChange={onInputChange}
            onChange={pick}
            menuIsOpen={open}
            onMenuOpen={() => {
              if (text) {
                suggest(rank(text));
                setOpen(true);
              }
            }}
            onMenuClose={() => setOpen(false)}
            openMenuOnClick={false}
            openMenuOnFocus={false}
            isClearable={false}
            isLoading={loading}
            loadingMessage={() => t("Loading the list…")}
            noOptionsMessage={() => (loading ? t("Loading the list…") : t("No matches. Check the spelling."))}
            placeholder={placeholder}
            aria-invalid={invalid || undefined}
            required={required}
            formatOptionLabel={(option: Suggestion, meta: FormatOptionLabelMeta<Suggestion>) =>
              meta.context === "menu" ? (
                <span className="ac__label">
                  <Highlighted label={option.label} text={meta.inputValue} />
                </span>
              ) : (
                option.label
              )
            }
            menuPlacement="auto"
            maxMenuHeight={ROW_MAX_MENU}
            tabSelectsValue={false}
          />
        </div>
      </MenuWindowContext.Provider>
    </DescribedByContext.Provider>
  );
}

/** Six and a half rows: the half row shows that the list scrolls. */
const ROW_MAX_MENU = 48 * 6.5;
