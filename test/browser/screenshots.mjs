// Drives the dashboard with Debian's Chromium through playwright-core (never a downloaded
// browser) and saves a screenshot of each main page: sign-up → workspace → connector → secret
// → tool. Usage: BASE_URL=http://127.0.0.1:3100 OUT=/tmp/shots node test/browser/screenshots.mjs
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3100';
const out = process.env.OUT ?? 'test/browser/artifacts';
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
const shot = async (name) => {
  await page.waitForLoadState('load');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: false });
  console.log(`saved ${out}/${name}.png`);
};
const slug = `acme-${Date.now().toString(36)}`;

await page.goto(`${base}/sign-in`);
await shot('01-sign-in');
await page.goto(`${base}/sign-up`);
await page.fill('input[name=name]', 'Ada Lovelace');
await page.fill('input[name=email]', `ada+${slug}@example.com`);
await page.fill('input[name=password]', 'tide-orbit-lantern-9');
await page.click('button[type=submit]');
await page.waitForURL('**/new');
await page.fill('input[name=name]', 'Acme Analytics');
await page.fill('input[name=slug]', slug);
await shot('02-new-workspace');
await page.click('button[type=submit]');
await page.waitForURL(`**/w/${slug}/tools`);
await shot('03-tools-empty');

await page.goto(`${base}/w/${slug}/connectors`);
await page.fill('input[name=name]', 'main_db');
await page.fill(
  'input[name=connection]',
  process.env.TENANT_DB_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
await page.click('button:has-text("Test connection")');
await page.waitForSelector('[role=alert]');
await shot('04-connectors-test');
await page.click('button:has-text("Create connector")');
await page.waitForSelector('td:has-text("main_db")');
await shot('05-connectors');

await page.goto(`${base}/w/${slug}/secrets`);
await page.fill('input[name=name]', 'API_KEY');
await page.fill('input[name=value]', 'sk-live-123');
await page.click('button:has-text("Add secret")');
await page.waitForSelector('td:has-text("API_KEY")');
await shot('06-secrets');

await page.goto(`${base}/w/${slug}/tools/new`);
await page.fill('#tool-name', 'get_database');
await page.fill('#tool-description', 'Returns the current database name and a greeting.');
await page.selectOption('#tool-connector', { label: 'main_db (postgres)' });
await page.click('button:has-text("Add input")');
await page.fill('[aria-label="Input 1 name"]', 'greeting');
await page.click('.cm-content');
await page.keyboard.type('SELECT current_database() AS db, {{ inputs.greeting }} AS hello');
await page.waitForTimeout(600);
await shot('07-tool-editor-diagnostic');
await page.keyboard.press('Control+a');
await page.keyboard.type("SELECT current_database() AS db, '{{ inputs.greeting }}' AS hello");
await page.waitForTimeout(600);
await page.keyboard.press('Control+s');
await page.waitForURL(/\/tools\/tool_/);
await page.waitForTimeout(800);
await shot('08-tool-saved');
await page.goto(`${base}/w/${slug}/tools`);
await shot('09-tools-list');
await browser.close();
