import {
  Children,
  createContext,
  isValidElement,
  useContext,
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
/** How close to the end of the loaded rows focus or scrolling may come before more load. */
export const LOAD_AHEAD = 40;

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

/**
 * What the menu knows beyond the options react-select holds: react-select is given only the
 * first `loaded` of `total` suggestions (see autocomplete.tsx), and the menu asks for more
 * rows as scrolling or keyboard focus comes near the end of them.
 */
export interface MenuWindow {
  total: number;
  /** Ask for at least the first `rows` suggestions to be loaded. */
  need: (rows: number) => void;
  /** Told the index of the focused row after every render, or -1. */
  focused: (index: number) => void;
}

export const MenuWindowContext = createContext<MenuWindow | null>(null);

function isFocusedOption(child: ReactNode): boolean {
  return isValidElement(child) && Boolean((child as ReactElement<{ isFocused?: boolean }>).props.isFocused);
}

function isOption(child: ReactNode): boolean {
  return isValidElement(child) && "data" in (child.props as object);
}

/**
 * A react-select MenuList that mounts only the rows in view (plus a few either side).
 *
 * Every matching suggestion stays reachable (the spec sets no limit on their number), but one
 * letter typed into the school picker matches about ten thousand of the 12,717 schools, and
 * react-select builds an element for every option it holds on every render: hundreds of
 * milliseconds per keystroke. So react-select holds a loaded prefix of the suggestions, this
 * list keeps the scroll height of all of them (spacers above and below the mounted rows, so
 * the rows' offsets stay true and react-select's scroll-into-view keeps working), and it asks
 * for more rows as scrolling or focus nears the end of what is loaded. When the keyboard moves
 * focus to a row that is not mounted (Page Down, End), the window jumps to it first.
 */
export function WindowedMenuList<Option, IsMulti extends boolean, Group extends GroupBase<Option>>(
  props: MenuListProps<Option, IsMulti, Group>,
) {
  const { children, maxHeight, innerRef, innerProps, cx, getClassNames, isMulti } = props;
  const menuWindow = useContext(MenuWindowContext);
  const rows = Children.toArray(children);
  const element = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const lastFocused = useRef(-1);

  const loaded = rows.length;
  const total = Math.max(loaded, menuWindow?.total ?? loaded);
  const viewport = Math.min(maxHeight, total * ROW_HEIGHT);
  const focused = rows.findIndex(isFocusedOption);
  // A keyboard move to a row out of view scrolls to it. Only a *change* of focus does: a
  // person scrolling with the wheel must not be pulled back to the focused row.
  const target =
    focused >= 0 && focused !== lastFocused.current ? scrollToShow(focused, scrollTop, viewport) : scrollTop;
  const effectiveTop = Math.min(target, Math.max(0, total * ROW_HEIGHT - viewport));
  const range = windowRange(total, effectiveTop, viewport);
  const end = Math.min(range.end, loaded);
  const start = Math.min(range.start, end);

  useLayoutEffect(() => {
    lastFocused.current = focused;
    if (element.current && effectiveTop !== scrollTop && element.current.scrollTop !== effectiveTop) {
      element.current.scrollTop = effectiveTop;
    }
    if (effectiveTop !== scrollTop) setScrollTop(effectiveTop);
    if (menuWindow) {
      menuWindow.focused(focused);
      const wanted = Math.max(range.end, focused + 1) + LOAD_AHEAD;
      if (loaded < total && wanted > loaded) menuWindow.need(wanted);
    }
  });

  const attach = (node: HTMLDivElement | null) => {
    element.current = node;
    if (typeof innerRef === "function") innerRef(node);
    else if (innerRef) (innerRef as { current: HTMLDivElement | null }).current = node;
  };
  const className = cx({ "menu-list": true, "menu-list--is-multi": isMulti }, getClassNames("menuList", props));

  // Messages such as "No options" are a single non-option child: render them as they are.
  if (!rows.some(isOption)) {
    return (
      <div ref={attach} className={className} style={{ maxHeight, overflowY: "auto", position: "relative" }} {...innerProps}>
        {children}
      </div>
    );
  }
  return (
    <div
      ref={attach}
      className={className}
      style={{ maxHeight, overflowY: "auto", position: "relative" }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      {...innerProps}
    >
      <div aria-hidden="true" style={{ height: start * ROW_HEIGHT }} />
      {rows.slice(start, end)}
      <div aria-hidden="true" style={{ height: (total - end) * ROW_HEIGHT }} />
    </div>
  );
}
