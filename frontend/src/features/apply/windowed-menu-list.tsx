import {
  Children,
  isValidElement,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from "react";
import type { GroupBase, MenuListProps } from "react-select";

/** Height of one suggestion row in pixels; the stylesheet gives `.ac__option` the same height. */
export const ROW_HEIGHT = 48;
/** Rows rendered above and below the visible ones, so fast scrolling never shows a gap. */
const OVERSCAN = 6;

export interface WindowRange {
  start: number;
  end: number;
}

/** The rows [start, end) to render for a list of `count` rows scrolled to `scrollTop`. */
export function windowRange(count: number, scrollTop: number, viewport: number): WindowRange {
  const first = Math.floor(scrollTop / ROW_HEIGHT);
  const visible = Math.ceil(viewport / ROW_HEIGHT) + 1;
  return { start: Math.max(0, first - OVERSCAN), end: Math.min(count, first + visible + OVERSCAN) };
}

/** The scroll offset that brings row `index` into view, or `scrollTop` if it already is. */
export function scrollToShow(index: number, scrollTop: number, viewport: number): number {
  const top = index * ROW_HEIGHT;
  if (top < scrollTop) return top;
  if (top + ROW_HEIGHT > scrollTop + viewport) return Math.max(0, top + ROW_HEIGHT - viewport);
  return scrollTop;
}

function isFocusedOption(child: ReactNode): boolean {
  return isValidElement(child) && Boolean((child as ReactElement<{ isFocused?: boolean }>).props.isFocused);
}

/**
 * A react-select MenuList that mounts only the rows in view (plus a few either side).
 *
 * Every matching suggestion stays in the list (the spec sets no limit on their number), but
 * typing one letter into the school picker matches about ten thousand of the 12,717 schools;
 * mounting them all costs hundreds of milliseconds per keystroke. Spacers above and below the
 * mounted rows keep the scroll height and the rows' offsets true, so react-select's own
 * scroll-into-view for keyboard focus keeps working; when the keyboard moves focus to a row
 * that is not mounted (Page Down, End, wrapping from the first to the last), the window
 * jumps to it first.
 */
export function WindowedMenuList<Option, IsMulti extends boolean, Group extends GroupBase<Option>>(
  props: MenuListProps<Option, IsMulti, Group>,
) {
  const { children, maxHeight, innerRef, innerProps, cx, getClassNames, isMulti } = props;
  const rows = Children.toArray(children);
  const element = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const lastFocused = useRef(-1);

  const count = rows.length;
  const viewport = Math.min(maxHeight, count * ROW_HEIGHT);
  const focused = rows.findIndex(isFocusedOption);
  // A keyboard move to a row out of view scrolls to it. Only a *change* of focus does: a
  // person scrolling with the wheel must not be pulled back to the focused row.
  const target =
    focused >= 0 && focused !== lastFocused.current ? scrollToShow(focused, scrollTop, viewport) : scrollTop;
  const effectiveTop = Math.min(target, Math.max(0, count * ROW_HEIGHT - viewport));
  const { start, end } = windowRange(count, effectiveTop, viewport);

  useLayoutEffect(() => {
    lastFocused.current = focused;
    if (element.current && element.current.scrollTop !== effectiveTop && effectiveTop !== scrollTop) {
      element.current.scrollTop = effectiveTop;
    }
    if (effectiveTop !== scrollTop) setScrollTop(effectiveTop);
  });

  const attach = (node: HTMLDivElement | null) => {
    element.current = node;
    if (typeof innerRef === "function") innerRef(node);
    else if (innerRef) (innerRef as { current: HTMLDivElement | null }).current = node;
  };

  const className = cx({ "menu-list": true, "menu-list--is-multi": isMulti }, getClassNames("menuList", props));
  // Messages such as "No options" are a single non-option child: render them as they are.
  if (count <= 1 && !rows.some((row) => isValidElement(row) && "data" in (row.props as object))) {
    return (
      <div
        ref={(node) => attach(node)}
        className={className}
        style={{ maxHeight, overflowY: "auto", position: "relative" }}
        {...innerProps}
      >
        {children}
      </div>
    );
  }

  return (
    <div
      ref={(node) => attach(node)}
      className={className}
      style={{ maxHeight, overflowY: "auto", position: "relative" }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      {...innerProps}
    >
      <div aria-hidden="true" style={{ height: start * ROW_HEIGHT }} />
      {rows.slice(start, end)}
      <div aria-hidden="true" style={{ height: (count - end) * ROW_HEIGHT }} />
    </div>
  );
}
