/** 'waitlist_accepted' → 'Waitlist Accepted'. */
export function statusWord(status: string): string {
  return status
    .split("_")
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
}

export function yesNo(value: boolean): string {
  return value ? "Yes" : "No";
}
