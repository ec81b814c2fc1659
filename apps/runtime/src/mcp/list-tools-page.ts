import type { Caller } from '../auth/caller';
import type { ToolListing } from '../registry/workspace-snapshot';

export type ToolsPage =
  | {
      tools: ToolListing[];
      nextCursor?: string;
      /** Index in the listing the page started from (with the caller's scope, names the page). */
      start: number;
    }
  | { invalidCursor: true };

/**
 * One page of the tools this caller may see. The cursor is the last name of the previous page
 * (base64url), so pages stay consistent when tools are added or removed between requests.
 */
export function listToolsPage(
  listing: readonly ToolListing[],
  caller: Caller,
  cursor: unknown,
  pageSize: number,
): ToolsPage {
  let start = 0;
  if (cursor !== undefined) {
    if (typeof cursor !== 'string' || cursor.length > 400) return { invalidCursor: true };
    const after = Buffer.from(cursor, 'base64url').toString('utf8');
    if (after === '' || Buffer.from(after).toString('base64url') !== cursor)
      return { invalidCursor: true };
    start = firstAfter(listing, after);
  }
  const visible = caller.toolSet;
  const tools: ToolListing[] = [];
  let i = start;
  for (; i < listing.length && tools.length < pageSize; i++) {
    const tool = listing[i]!;
    if (visible === null || visible.has(tool.name)) tools.push(tool);
  }
  if (visible !== null) while (i < listing.length && !visible.has(listing[i]!.name)) i++;
  if (i >= listing.length || tools.length === 0) return { tools, start };
  return {
    tools,
    nextCursor: Buffer.from(tools[tools.length - 1]!.name).toString('base64url'),
    start,
  };
}

/** Index of the first tool whose name sorts after `name` (binary search). */
function firstAfter(listing: readonly ToolListing[], name: string): number {
  let low = 0;
  let high = listing.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (listing[mid]!.name <= name) low = mid + 1;
    else high = mid;
  }
  return low;
}
