const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * Runs `work` with a spinner on stderr when stderr is a terminal; silent otherwise, so piped
 * output and CI logs carry no control characters.
 */
export async function withProgress<T>(label: string, work: () => Promise<T>): Promise<T> {
  const stream = process.stderr;
  if (!stream.isTTY) return work();
  let frame = 0;
  const draw = () => stream.write(`\r${FRAMES[frame++ % FRAMES.length]} ${label}`);
  draw();
  const timer = setInterval(draw, 80);
  try {
    return await work();
  } finally {
    clearInterval(timer);
    stream.write('\r\x1b[2K');
  }
}
