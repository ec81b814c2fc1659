/** Polls url until it answers with status `expect` or the deadline passes. */
export async function waitForHttp(
  url: string,
  options: { timeoutMs: number; expect?: number; isAlive?: () => boolean },
) {
  const deadline = Date.now() + options.timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (options.isAlive && !options.isAlive()) throw new Error(`the process serving ${url} exited`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === (options.expect ?? 200)) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become ready within ${options.timeoutMs} ms (last: ${last})`);
}
