import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { builtCli, spawnServe, type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { tempDataDir } from '../support/temp-dir';
import { unpackArchive } from '../support/archive';
import { expect, test } from './fixtures';
import { DeliveriesPage } from './pages/deliveries-page';

const runCli = promisify(execFile);

test.describe('a team server: exports are downloads, imports uploads', () => {
  let cluster: TestPostgres;
  let team: ServeProcess;
  let dataDir: string;
  let token: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startTestPostgres();
    const { stdout } = await runCli(process.execPath, [builtCli, 'serve', 'user', 'create', 'alice', '--store', cluster.url]);
    token = /^Token \(shown once, stored only as a hash\): (\S+)$/m.exec(stdout)![1]!;
    dataDir = tempDataDir();
    team = await spawnServe(['--data-dir', dataDir, '--store', cluster.url, '--team', '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret]);
  });

  test.afterAll(async () => {
    team?.child.kill('SIGTERM');
    await team?.exited;
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('downloads a fixture as a .tar.gz and uploads it back, and the NDJSON likewise, no server path asked', async ({ page }, testInfo) => {
    const body = giftCardBody();
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const deliveries = new DeliveriesPage(page);
    await deliveries.open(`${team.lines.UI}?token=${token}`);
    await expect(deliveries.rows).toHaveCount(1);
    await deliveries.select(deliveries.rows.first());

    await page.getByTestId('export-fixtures-open').click();
    await expect(page.getByTestId('export-fixtures-run')).toHaveText('Download .tar.gz');
    await expect(page.getByTestId('export-fixtures-out-dir')).toHaveCount(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-fixtures-run').click()]);
    expect(download.suggestedFilename()).toMatch(/^fixtures-[\dTZ-]+\.tar\.gz$/);
    const archive = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(archive);
    await expect(page.getByTestId('export-fixtures-downloaded')).toContainText(download.suggestedFilename());
    const files = [...(await unpackArchive(readFileSync(archive))).keys()].map((name) => name.split('/')[1]);
    expect(files.filter((name) => name === 'manifest.json')).toHaveLength(1);
    expect(files.filter((name) => name!.endsWith('.body'))).toHaveLength(1);

    const [har] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-har').click()]);
    expect(har.suggestedFilename()).toMatch(/^delivery-\d+\.har$/);
    const harFile = testInfo.outputPath(har.suggestedFilename());
    await har.saveAs(harFile);
    expect((JSON.parse(readFileSync(harFile, 'utf8')) as { log: { entries: unknown[] } }).log.entries).toHaveLength(1);

    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('import-path')).toHaveCount(0);
    await page.getByTestId('import-file').setInputFiles(archive);
    await page.getByTestId('import-upload').click();
    await expect(page.getByTestId('import-result')).toHaveAttribute('data-imported', '1');
    await expect(page.getByTestId('import-result')).toHaveAttribute('data-skipped', '0');
    await page.getByTestId('nav-deliveries').click();
    await expect(deliveries.rows).toHaveCount(2);

    await page.getByTestId('nav-settings').click();
    const [ndjson] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-ndjson').click()]);
    const saved = join(testInfo.outputDir, ndjson.suggestedFilename());
    await ndjson.saveAs(saved);
    expect(readFileSync(saved, 'utf8').trim().split('\n')).toHaveLength(2);
    await page.getByTestId('import-file').setInputFiles(saved);
    await page.getByTestId('import-upload').click();
    await expect(page.getByTestId('import-result')).toHaveAttribute('data-imported', '2');
  });
});

test.describe('a personal inspector keeps its paths', () => {
  test('Export fixtures asks for a folder, and Import for a path', async ({ deliveriesPage, inspector }) => {
    const body = giftCardBody();
    expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(200);
    const { page } = deliveriesPage;
    await expect(deliveriesPage.rows).toHaveCount(1);
    await deliveriesPage.select(deliveriesPage.rows.first());
    await page.getByTestId('export-fixtures-open').click();
    await expect(page.getByTestId('export-fixtures-out-dir')).toBeVisible();
    await expect(page.getByTestId('export-fixtures-run')).toHaveText('Export');
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('import-path')).toBeVisible();
    await expect(page.getByTestId('import-file')).toHaveCount(0);
    await expect(page.getByTestId('export-ndjson')).toHaveCount(0);
  });
});
