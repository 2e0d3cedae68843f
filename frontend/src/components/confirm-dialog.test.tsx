import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";

function Harness({ onConfirm = vi.fn(), busy = false }: { onConfirm?: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Release
      </button>
      <a href="/elsewhere">A link behind the dialog</a>
      <ConfirmDialog
        open={open}
        title="Release decisions?"
        confirmLabel="Release and email 23 applicants"
        busy={busy}
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      >
        <p>23 applicants will be emailed: 10 Accepted, 13 Rejected.</p>
      </ConfirmDialog>
    </div>
  );
}

describe("ConfirmDialog", () => {
  it("opens as a named modal alertdialog with focus on Cancel, and says what will happen", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Release" }));
    const dialog = screen.getByRole("alertdialog", { name: "Release decisions?" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription("23 applicants will be emailed: 10 Accepted, 13 Rejected.");
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    const results = await axe.run(dialog);
    expect(results.violations).toEqual([]);
  });

  it("keeps Tab inside the dialog, both ways", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Release" }));
    const cancel = screen.getByRole("button", { name: "Cancel" });
    const confirm = screen.getByRole("button", { name: "Release and email 23 applicants" });
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });

  it("makes the page behind inert while open, and gives it back after", async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Release" }));
    expect(container).toHaveAttribute("inert");
    await user.keyboard("{Escape}");
    expect(container).not.toHaveAttribute("inert");
  });

  it("cancels on Escape, sends nothing, and returns focus to the button that opened it", async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole("button", { name: "Release" });
    await user.click(opener);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it("cancels on a press on the backdrop, not on one inside the dialog", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Release" }));
    await user.click(screen.getByText(/23 applicants will be emailed/));
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    await user.click(document.querySelector(".dialog-backdrop") as HTMLElement);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("confirms with its named button", async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "Release" }));
    await user.click(screen.getByRole("button", { name: "Release and email 23 applicants" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("while busy, neither button nor Escape acts", async () => {
    const user = userEvent.setup();
    render(
      <ConfirmDialog open busy title="Sending" confirmLabel="Send" onConfirm={vi.fn()} onCancel={vi.fn()}>
        <p>Sending…</p>
      </ConfirmDialog>,
    );
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
  });

  it("asks for a field: focus starts there, the words alone describe it, Enter confirms once it is complete", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const outerSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    function Typed() {
      const [typed, setTyped] = useState("");
      return (
        // Declared inside a page's form: confirming must not submit that form too.
        <form onSubmit={outerSubmit}>
          <ConfirmDialog
            open
            title="Delete your account?"
            description={<p>It can't be undone.</p>}
            confirmLabel="Delete my account"
            busyLabel="Deleting…"
            confirmDisabled={typed !== "ada"}
            danger
            onConfirm={onConfirm}
            onCancel={vi.fn()}
          >
            <label>
              Type your name
              <input value={typed} onChange={(e) => setTyped(e.target.value)} />
            </label>
          </ConfirmDialog>
        </form>
      );
    }
    render(<Typed />);
    const dialog = screen.getByRole("alertdialog", { name: "Delete your account?" });
    expect(dialog).toHaveAccessibleDescription("It can't be undone.");
    const field = screen.getByLabelText("Type your name");
    expect(field).toHaveFocus();
    await user.keyboard("ad{Enter}");
    expect(screen.getByRole("button", { name: "Delete my account" })).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.keyboard("a{Enter}");
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it("says the action's busy words while it runs", () => {
    render(
      <ConfirmDialog open busy title="Delete?" confirmLabel="Delete my account" busyLabel="Deleting…" onConfirm={vi.fn()} onCancel={vi.fn()}>
        <p>Gone for good.</p>
      </ConfirmDialog>,
    );
    expect(screen.getByRole("button", { name: "Deleting…" })).toBeDisabled();
  });
});
