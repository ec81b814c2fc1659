/** A port's answer: a value when it has one in memory, a promise when it must be fetched. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * `fn` applied to a value now, or to a promise's value once it settles: callers on the request
 * path stay synchronous while everything they need is cached.
 */
export function thenMaybe<T, U>(value: MaybePromise<T>, fn: (settled: T) => U): MaybePromise<U> {
  return value instanceof Promise ? value.then(fn) : fn(value);
}
