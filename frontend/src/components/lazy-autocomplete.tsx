// The autocomplete without react-select in the page's first download: react-select and its
// styling engine are about a quarter of the apply page's JavaScript, and the page shows its
// form only after its data arrives anyway. The chunk is requested as soon as this module loads
// (in parallel with that data); until it is there, the field is a plain text input with the
// same id, label, hint and error, so typing already works and nothing moves when it swaps.
import { lazy, Suspense } from "react";
import type { AutocompleteProps } from "./autocomplete";

const loading = import("./autocomplete");
const Loaded = lazy(() => loading.then((module) => ({ default: module.Autocomplete })));

/** What shows until react-select has loaded: the typed text is the answer, as it is after. */
export function PlainAutocomplete({
  inputId,
  answer,
  sectionIndex = 0,
  questionIndex = 0,
  onChange,
  describedBy,
  invalid,
  required,
  placeholder,
}: AutocompleteProps) {
  return (
    <div className="ac">
      <input
        id={inputId}
        className="ac__plain"
        type="text"
        autoComplete="off"
        value={answer}
        placeholder={placeholder}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        required={required}
        onChange={(event) => onChange(event.target.value, sectionIndex, questionIndex)}
      />
    </div>
  );
}

export function Autocomplete(props: AutocompleteProps) {
  return (
    <Suspense fallback={<PlainAutocomplete {...props} />}>
      <Loaded {...props} />
    </Suspense>
  );
}
