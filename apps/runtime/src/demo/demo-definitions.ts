import type { ToolDefinitionInput } from '@toolplane/db';

/** The demo's sample data: a small shop, in its own database. */
export const DEMO_DATA_SQL = `
DROP TABLE IF EXISTS orders;
DROP TABLE IF EXISTS customers;
CREATE TABLE customers (
  id int PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  country text NOT NULL,
  created_at date NOT NULL
);
CREATE TABLE orders (
  id int PRIMARY KEY,
  customer_id int NOT NULL REFERENCES customers(id),
  status text NOT NULL,
  total numeric(10,2) NOT NULL,
  placed_at timestamptz NOT NULL
);
INSERT INTO customers VALUES
  (1, 'Ada Lovelace', 'ada@example.com', 'GB', '2024-01-10'),
  (2, 'Grace Hopper', 'grace@example.com', 'US', '2024-02-14'),
  (3, 'Linus Torvalds', 'linus@example.com', 'FI', '2024-03-01'),
  (4, 'Margaret Hamilton', 'margaret@example.com', 'US', '2024-04-22'),
  (5, 'Alan Turing', 'alan@example.com', 'GB', '2024-05-05');
INSERT INTO orders VALUES
  (101, 1, 'shipped', 120.00, '2024-06-01T10:00:00Z'),
  (102, 1, 'open', 35.50, '2024-06-03T09:30:00Z'),
  (103, 2, 'shipped', 899.99, '2024-06-04T16:45:00Z'),
  (104, 3, 'cancelled', 12.00, '2024-06-05T08:15:00Z'),
  (105, 4, 'open', 250.00, '2024-06-06T12:00:00Z'),
  (106, 5, 'shipped', 42.42, '2024-06-07T18:20:00Z');
`;

/** Statement and script tools of the demo workspace (`connectorId` filled in by the demo). */
export function demoTools(connectorId: string): ToolDefinitionInput[] {
  return [
    {
      name: 'get_customer',
      title: 'Get customer',
      description: 'One customer by id, with contact details.',
      kind: 'statement',
      connectorId,
      statement:
        'SELECT id, name, email, country, created_at FROM customers WHERE id = {{ inputs.id }}',
      inputs: [{ name: 'id', type: 'int', description: 'Customer id (1–5 in the sample data)' }],
      annotations: { idempotentHint: true, openWorldHint: false },
    },
    {
      name: 'search_customers',
      title: 'Search customers',
      description: 'Customers whose name contains the text (case-insensitive).',
      kind: 'statement',
      connectorId,
      statement:
        "SELECT id, name, country FROM customers WHERE name ILIKE '%{{ inputs.q }}%' ORDER BY name",
      inputs: [{ name: 'q', type: 'string', description: 'Part of a name, e.g. "ada"' }],
      cacheEnabled: true,
      cacheTtlSeconds: 30,
    },
    {
      name: 'orders_for_customer',
      title: 'Orders of a customer',
      description: 'A customer’s orders, newest first, optionally by status.',
      kind: 'statement',
      connectorId,
      statement:
        "SELECT id, status, total, placed_at FROM orders WHERE customer_id = {{ inputs.customer_id }} AND ('{{ inputs.status }}' = '' OR status = '{{ inputs.status }}') ORDER BY placed_at DESC",
      inputs: [
        { name: 'customer_id', type: 'int', description: 'Customer id' },
        { name: 'status', type: 'string', description: 'open, shipped or cancelled', default: '' },
      ],
    },
    {
      name: 'order_total',
      title: 'Order total with tax',
      description: 'Adds VAT to an amount (a TypeScript handler running in the isolate sandbox).',
      kind: 'script',
      handlerSource: [
        'type Inputs = { amount: number; rate?: number };',
        'export default ({ inputs }: { inputs: Inputs }) => {',
        '  const rate = inputs.rate ?? 0.2;',
        '  const tax = Math.round(inputs.amount * rate * 100) / 100;',
        '  return { amount: inputs.amount, rate, tax, total: inputs.amount + tax };',
        '};',
      ].join('\n'),
      inputs: [
        { name: 'amount', type: 'float', description: 'Net amount' },
        { name: 'rate', type: 'float', description: 'VAT rate (default 0.2)', optional: true },
      ],
    },
  ];
}
