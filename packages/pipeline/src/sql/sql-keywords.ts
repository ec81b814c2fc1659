/** Keywords after which a value may stand, in both dialects. */
export const VALUE_KEYWORDS = new Set([
  'SELECT',
  'WHERE',
  'AND',
  'OR',
  'NOT',
  'THEN',
  'ELSE',
  'WHEN',
  'CASE',
  'LIKE',
  'ILIKE',
  'ESCAPE',
  'BETWEEN',
  'LIMIT',
  'OFFSET',
  'HAVING',
  'ON',
  'RETURNING',
  'DISTINCT',
  'FIRST',
  'NEXT',
]);

/** MySQL operators spelled as words, and `INTERVAL ? DAY`. */
export const MYSQL_VALUE_KEYWORDS = new Set(['INTERVAL', 'XOR', 'DIV', 'MOD', 'REGEXP', 'RLIKE']);

/** Keywords that take a value inside a function call's parentheses: `EXTRACT(YEAR FROM x)`. */
export const CALL_VALUE_KEYWORDS = new Set([
  'FROM',
  'FOR',
  'IN',
  'BOTH',
  'LEADING',
  'TRAILING',
  'PLACING',
]);

/** Keywords that change the clause a comma-separated list belongs to. */
export const CLAUSE_KEYWORDS = new Set([
  'SELECT',
  'FROM',
  'WHERE',
  'HAVING',
  'LIMIT',
  'OFFSET',
  'SET',
  'VALUES',
  'INTO',
  'UPDATE',
  'DELETE',
  'INSERT',
  'RETURNING',
  'WINDOW',
  'TABLE',
  'USING',
  'WITH',
  'ON',
  'JOIN',
  'UNION',
  'INTERSECT',
  'EXCEPT',
]);

/** Clauses whose comma-separated items are names (tables, columns, sort keys), not values. */
export const NAME_LIST_CLAUSES: Record<string, string> = {
  FROM: 'table names cannot be parameters',
  JOIN: 'table names cannot be parameters',
  INTO: 'table names cannot be parameters',
  UPDATE: 'table names cannot be parameters',
  TABLE: 'table names cannot be parameters',
  USING: 'identifiers cannot be parameters',
  SET: 'column names cannot be parameters',
  WITH: 'identifiers cannot be parameters',
  WINDOW: 'identifiers cannot be parameters',
  'ORDER BY': 'sort columns cannot be parameters (use a CASE expression over fixed columns)',
  'GROUP BY': 'grouping columns cannot be parameters',
  'PARTITION BY': 'partition columns cannot be parameters',
};

/** Words after which `(` opens a list of names: `JOIN … USING (a, b)`, `ON CONFLICT (id)`. */
export const NAME_PAREN_KEYWORDS = new Set(['USING', 'CONFLICT']);

/**
 * Words that are keywords rather than identifiers when directly followed by `(` — so the
 * parenthesis holds expressions (`IN (…)`, `VALUES (…)`) rather than a function's arguments.
 */
export const KEYWORDS = new Set([
  ...VALUE_KEYWORDS,
  ...MYSQL_VALUE_KEYWORDS,
  ...CLAUSE_KEYWORDS,
  'IN',
  'ANY',
  'ALL',
  'SOME',
  'EXISTS',
  'OVER',
  'AS',
  'BY',
  'IS',
  'ARRAY',
  'ROW',
  'LATERAL',
  'FILTER',
  'WITHIN',
  'DO',
  'END',
  'TO',
  'FOR',
]);
