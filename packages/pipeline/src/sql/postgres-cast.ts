import type { InputType } from '../inputs/input-type';

// Where Postgres has no context to type an untyped parameter: `$1 IS NULL` fails outright.
const CAST_BEFORE_IS: Record<InputType | 'text', string> = {
  int: '::int8',
  float: '::numeric',
  boolean: '::boolean',
  datetime: '::timestamptz',
  string: '::text',
  text: '::text',
};

/**
 * The cast that makes a Postgres parameter behave like the literal it textually stands for.
 * `pg` sends parameters untyped, so Postgres infers each from context — which matches an
 * untyped string literal (`'…'`, a datetime, a legacy string) but not `1.25` (a numeric
 * constant: untyped, `$1 * 2` would be read as an integer) or `true` (a boolean). So floats get
 * `::numeric` and booleans `::boolean`; ints keep context inference (an `int8` cast would break
 * `substr(s, $1)` and `date + $1`), and everything gets a cast before `IS`, where there is no
 * context. An author's own cast (`{{ inputs.n }}::int`) wins.
 */
export function postgresCast(type: InputType | 'text', nextToken: string | undefined): string {
  if (nextToken === '::') return '';
  if (type === 'float') return '::numeric';
  if (type === 'boolean') return '::boolean';
  return nextToken === 'IS' ? CAST_BEFORE_IS[type] : '';
}
