import { ConnectorError } from './connector-error';

/** Rejects with a TIMEOUT ConnectorError after `ms`, calling `onTimeout` (to cancel the work). */
export function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  message: string,
  onTimeout?: () => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new ConnectorError('TIMEOUT', message));
    }, ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
