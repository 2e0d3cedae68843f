/** "2026-11-24T10:42:05Z" → "10:42" in the device's time zone (the day is the event's). */
export function clockTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone });
}

/** "10:42 EST": the time in `timeZone` with the zone named, so a time read at the door can't
 *  be taken for the device's own zone ("10:42 UTC", "11:42 GMT+1" where no short name exists). */
export function zonedClockTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  try {
    return date.toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone, timeZoneName: "short" });
  } catch {
    // An unknown zone name: the time as the device shows it, unnamed, rather than nothing.
    return clockTime(iso);
  }
}
