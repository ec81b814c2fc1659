import { ConnectorError } from './connector-error';

/**
 * Rejects with a TIMEOUT ConnectorError after `ms`, calling `onTimeout` (to cancel the work).
 * One promise and one timer per call (every statement runs through this): no `Promise.race`
 * with a deadline promise and no `finally` chain.
 */
export function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  message: string,
  onTimeout?: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      reject(new ConnectorError('TIMEOUT', message));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
