import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Autocomplete, toSuggestions } from "./autocomplete";
import { rankSuggestions, searchForm } from "./suggestion-rank";
import { ROW_HEIGHT, scrollToShow, windowRange } from "./windowed-menu-list";

// The machine running the suite is shared; user-event journeys get room to breathe.
vi.setConfig({ testTimeout: 30_000 });

const SCHOOLS = [
  "Princeton University",
  "Princeton Theological Seminary",
  "Rutgers University",
  "Yale University",
  "University of Toronto",
  "College Not Present",
];

/** The real school list the server serves (apps/applications/data/schools.txt). */
function realSchools(): string[] {
  const file = resolve(import.meta.dirname, "../../../apps/applications/data/schools.txt");
  return readFileSync(file, "utf-8")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

function renderPicker(props: Partial<Parameters<typeof Autocomplete>[0]> = {}) {
  const onChange = vi.fn();
  const view = render(
    <div>
      <label htmlFor="school">School</label>
      <Autocomplete inputId="school" options={SCHOOLS} answer="" onChange={onChange} {...props} />
      <p>Somewhere else on the page</p>
    </div>,
  );
  return { onChange, view, input: screen.getByLabelText("School") as HTMLInputElement };
}

function optionTexts(): string[] {
  return within(screen.getByRole("listbox"))
    .getAllByRole("option")
    .map((option) => option.textContent ?? "");
}

describe("Autocomplete", () => {
  it("reports every keystroke with the section and question index, which default to 0", async () => {
    const user = userEvent.setup();
    const { onChange, input } = renderPicker();
    await user.type(input, "Pri");
    expect(input).toHaveValue("Pri");
    expect(onChange).toHaveBeenLastCalledWith("Pri", 0, 0);
    expect(onChange).toHaveBeenCalledTimes(3);

    const other = vi.fn();
    render(
      <div>
        <label htmlFor="country">Country</label>
        <Autocomplete inputId="country" options={["Canada"]} answer="" sectionIndex={2} questionIndex={4} onChange={other} />
      </div>,
    );
    await user.type(screen.getByLabelText("Country"), "C");
    expect(other).toHaveBeenLastCalledWith("C", 2, 4);
  });

  it("suggests the options that contain the text, case-insensitive, and opens the list", async () => {
    const user = userEvent.setup();
    const { input } = renderPicker();
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    await user.type(input, "PRINCETON");
    expect(optionTexts()).toEqual(["Princeton University", "Princeton Theological Seminary"]);
    await user.clear(input);
    await user.type(input, "univ");
    // A match anywhere in the name, not only at the start; names starting with it come first.
    expect(optionTexts()).toEqual(["University of Toronto", "Princeton University", "Rutgers University", "Yale University"]);
    expect(input).toHaveAttribute("aria-expanded", "true");
  });

  it("closes the list when the text is emptied", async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderPicker();
    await user.type(input, "ya");
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    await user.clear(input);
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith("", 0, 0);
  });

  it("sets the value, clears the suggestions and closes the list when a suggestion is clicked", async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderPicker();
    await user.type(input, "rutg");
    await user.click(screen.getByRole("option", { name: "Rutgers University" }));
    expect(input).toHaveValue("Rutgers University");
    expect(onChange).toHaveBeenLastCalledWith("Rutgers University", 0, 0);
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });

  it("closes the list on a click outside its container, keeping the typed text", async () => {
    const user = userEvent.setup();
    const { input } = renderPicker();
    await user.type(input, "uni");
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    await user.click(screen.getByText("Somewhere else on the page"));
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(input).toHaveValue("uni");
  });

  it("also closes on a bare mousedown outside (no focus change), but not on one inside", async () => {
    const user = userEvent.setup();
    const { input } = renderPicker();
    await user.type(input, "uni");
    fireEvent.mouseDown(input);
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it("resets the text when the answer passed in changes", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const view = render(
      <>
        <label htmlFor="school">School</label>
        <Autocomplete inputId="school" options={SCHOOLS} answer="Yale University" onChange={onChange} />
      </>,
    );
    const input = screen.getByLabelText("School");
    expect(input).toHaveValue("Yale University");
    await user.clear(input);
    await user.type(input, "Ru");
    view.rerender(
      <>
        <label htmlFor="school">School</label>
        <Autocomplete inputId="school" options={SCHOOLS} answer="Princeton University" onChange={onChange} />
      </>,
    );
    expect(input).toHaveValue("Princeton University");
  });

  it("keeps the text as typed, even when it matches no option (the form rejects it on submit)", async () => {
    const user = userEvent.setup();
    const { input } = renderPicker();
    await user.type(input, "Hogwarts");
    expect(screen.getByText("No matches. Check the spelling.")).toBeInTheDocument();
    await user.tab();
    expect(input).toHaveValue("Hogwarts");
  });

  it("picks a suggestion with the keyboard: Down then Enter takes the first, as in a native list", async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderPicker();
    await user.type(input, "university");
    expect(optionTexts()[0]).toBe("University of Toronto");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith("University of Toronto", 0, 0);
    expect(input).toHaveValue("University of Toronto");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it("moves to the second suggestion on a second Down, and starts over when the text changes", async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderPicker();
    await user.type(input, "university");
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith("Princeton University", 0, 0);
    await user.clear(input);
    await user.type(input, "princeton");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith("Princeton University", 0, 0);
  });

  it("offers the fallback when nothing matches, and picks it with Enter", async () => {
    const user = userEvent.setup();
    const { input, onChange } = renderPicker({
      fallback: { value: "College Not Present", label: "College not present: my school isn't listed" },
    });
    await user.type(input, "Hogwarts");
    expect(optionTexts()).toEqual(["College not present: my school isn't listed"]);
    await user.keyboard("{Enter}");
    expect(onChange).toHaveBeenLastCalledWith("College Not Present", 0, 0);
  });

  it("wires its input to the label, the description ids and the invalid state", () => {
    renderPicker({ describedBy: "school-hint school-error", invalid: true });
    const input = screen.getByRole("combobox", { name: "School" });
    expect(input).toHaveAttribute("aria-describedby", "school-hint school-error");
    expect(input).toHaveAttribute("aria-invalid", "true");
  });

  it("works as a controlled field inside a form", async () => {
    const user = userEvent.setup();
    function Host() {
      const [value, setValue] = useState("");
      return (
        <>
          <label htmlFor="s">School</label>
          <Autocomplete inputId="s" options={SCHOOLS} answer={value} onChange={(v) => setValue(v)} />
          <output>{value}</output>
        </>
      );
    }
    render(<Host />);
    await user.type(screen.getByLabelText("School"), "toron");
    await user.click(screen.getByRole("option", { name: "University of Toronto" }));
    expect(screen.getByText("University of Toronto", { selector: "output" })).toBeInTheDocument();
  });
});

describe("suggestions for all 12,717 schools", () => {
  const schools = realSchools();

  it("come from the full list, with no limit on how many", () => {
    expect(schools.length).toBeGreaterThanOrEqual(12_717);
    const all = toSuggestions(schools);
    const matches = rankSuggestions(all, "a");
    const expected = schools.filter((name) => searchForm(name).includes("a"));
    expect(matches.map((m) => m.value).sort()).toEqual(expected.sort());
    expect(matches.length).toBeGreaterThan(10_000);
    expect(rankSuggestions(all, "")).toEqual([]);
    expect(rankSuggestions(all, "princeton UNIV").map((m) => m.value)).toContain("Princeton University");
  });

  it("filter quickly: one keystroke's matching takes milliseconds, not a frame's worth", () => {
    const all = toSuggestions(schools);
    const started = performance.now();
    for (const text of ["u", "un", "uni", "univ", "unive", "univer"]) rankSuggestions(all, text);
    const perKeystroke = (performance.now() - started) / 6;
    expect(perKeystroke).toBeLessThan(50);
  });

  it("announce the number of every match, not only the rows handed to react-select", async () => {
    const user = userEvent.setup();
    render(
      <>
        <label htmlFor="s">School</label>
        <Autocomplete inputId="s" options={schools} answer="" onChange={vi.fn()} />
      </>,
    );
    const input = screen.getByLabelText("School");
    await user.click(input);
    fireEvent.change(input, { target: { value: "a" } });
    const count = schools.filter((name) => searchForm(name).includes("a")).length;
    expect(await screen.findByText(`${count} results available for search term a.`, { exact: false })).toBeInTheDocument();
  });

  it("mount only the rows in view, yet reach the last match by scrolling or End", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <label htmlFor="s">School</label>
        <Autocomplete inputId="s" options={schools} answer="" onChange={onChange} />
      </>,
    );
    const input = screen.getByLabelText("School");
    // Development React builds every element slowly; a word with hundreds of matches keeps
    // the test quick while still far exceeding what the window mounts.
    await user.click(input);
    fireEvent.change(input, { target: { value: "State" } });
    const matches = rankSuggestions(toSuggestions(schools), "State").map((m) => m.value);
    expect(matches.length).toBeGreaterThan(400);
    const listbox = screen.getByRole("listbox");
    const mounted = within(listbox).getAllByRole("option");
    expect(mounted.length).toBeLessThan(30);
    expect(mounted[0]).toHaveTextContent(matches[0]);
    // The spacers keep the full scroll height of every match.
    const spacers = listbox.querySelectorAll<HTMLElement>('[aria-hidden="true"]');
    const total = [...spacers].reduce((sum, el) => sum + parseInt(el.style.height || "0", 10), 0);
    expect(total + mounted.length * ROW_HEIGHT).toBe(matches.length * ROW_HEIGHT);

    await act(async () => {
      listbox.scrollTop = (matches.length - 3) * ROW_HEIGHT;
      fireEvent.scroll(listbox);
    });
    expect(within(listbox).getByRole("option", { name: matches[matches.length - 1] })).toBeInTheDocument();

    await act(async () => {
      listbox.scrollTop = 0;
      fireEvent.scroll(listbox);
    });
    expect(within(listbox).queryByRole("option", { name: matches[matches.length - 1] })).not.toBeInTheDocument();
    await user.keyboard("{End}");
    const last = within(screen.getByRole("listbox")).getByRole("option", { name: matches[matches.length - 1] });
    expect(last.className).toContain("ac__option--is-focused");
    await user.keyboard("{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(matches[matches.length - 1], 0, 0);

    // Typing again hands react-select a fresh first hundred; Up from the first row still
    // wraps to the very last match.
    await user.click(input);
    fireEvent.change(input, { target: { value: "" } });
    fireEvent.change(input, { target: { value: "State" } });
    expect(within(screen.getByRole("listbox")).getByRole("option", { name: matches[0] }).className).toContain(
      "ac__option--is-focused",
    );
    await user.keyboard("{ArrowUp}");
    expect(
      within(screen.getByRole("listbox")).getByRole("option", { name: matches[matches.length - 1] }).className,
    ).toContain("ac__option--is-focused");
    await user.keyboard("{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(matches[matches.length - 1], 0, 0);
  });
});

describe("window arithmetic", () => {
  it("renders the visible rows plus an overscan, clamped to the list", () => {
    expect(windowRange(1000, 0, 300)).toEqual({ start: 0, end: 14 });
    expect(windowRange(1000, 480, 300)).toEqual({ start: 4, end: 24 });
    expect(windowRange(5, 0, 240)).toEqual({ start: 0, end: 5 });
  });

  it("scrolls just enough to show a focused row", () => {
    expect(scrollToShow(0, 480, 300)).toBe(0);
    expect(scrollToShow(12, 0, 300)).toBe(13 * ROW_HEIGHT - 300);
    expect(scrollToShow(3, 0, 300)).toBe(0);
  });
});
