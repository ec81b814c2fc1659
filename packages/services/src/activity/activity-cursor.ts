/**
 * The dashboard's activity cursor: the invocation log's own keyset cursor plus the time window
 * the first page computed. Later pages reuse that window instead of recomputing it from "now",
 * which would move the lower edge while the user pages and drop the oldest rows unseen.
 */
export interface ActivityCursor {
  /** The lower edge of the window, fixed when the first page was read. */
  since: Date;
  /** The range the window was computed for; a different range starts a new walk. */
  rangeHours: number;
  /** listInvocations' nextCursor. */
  after: string;
}

export function encodeActivityCursor(cursor: ActivityCursor): string {
  return `${cursor.since.getTime().toString(36)}.${cursor.rangeHours}.${cursor.after}`;
}

/** The cursor's parts, or null for anything malformed (the caller starts from the first page). */
export function decodeActivityCursor(text: string): ActivityCursor | null {
  const match = /^([0-9a-z]{1,12})\.([1-9][0-9]{0,4})\.([A-Za-z0-9_-]{1,400})$/.exec(text);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const since = new Date(Number.parseInt(match[1], 36));
  if (Number.isNaN(since.getTime())) return null;
  return { since, rangeHours: Number(match[2]), after: match[3] };
}
