import { rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { CallContext } from '../../../shared/contract';
import { TransferExportRequest } from '../../../shared/fixtures';
import { callRoles, roleAllows } from '../../../shared/roles';
import { download, type Download } from '../export/download';
import type { TransferDeps } from '../export/transfer-deps';
import { importFrom } from '../import/import-path';
import { importTarget } from '../import/import-target';
import { UploadBudget, UploadRefused, defaultUploadBudget, type UploadBudgetOptions, type UploadTicket } from '../import/upload-budget';
import { withUploadSource } from '../import/upload-source';
import type { TransferRecord } from '../team/transfer-record';
import { readJson, securityHeaders, sendJson } from './http-json';
import { tooManyRefusals, type RefusalLimiter } from './refusal-limiter';
import type { Logger } from '../logger';

export interface TransferRouteDeps extends TransferDeps {
  /** The largest upload, in bytes; an archive may unpack to as much again. */
  uploadLimitBytes: number;
  /** What all uploads in progress may hold, per user too, and an archive's unpacked-to-packed ratio (defaults: defaultUploadBudget). */
  uploadBudget?: Partial<UploadBudgetOptions>;
  /** Told of every download and upload (the audit log). */
  onTransfer?: (record: TransferRecord) => void;
  /** A team server's limit on each user's refused calls: a refused download or upload past it is answered 429. */
  refusals?: RefusalLimiter | null;
  logger: Logger;
}

/** POST /transfer/export and POST /transfer/import, for a caller the control server has authenticated. */
export type TransferRoutes = (req: IncomingMessage, res: ServerResponse, url: URL, caller: CallContext) => Promise<void>;

export const defaultUploadLimitBytes = 1024 ** 3;

/** A download is what export.fixtures does and an upload what import.path does: they need the same role. */
const routeCalls = { export: 'export.fixtures', import: 'import.path' } as const;

/** What to answer for an error: ours say what is wrong; anything else only that it failed (its message, which may name a path here, goes to the log). */
function failure(error: unknown, action: 'export' | 'import', logger: Logger): { status: number; message: string } {
  const status = (error as { status?: number }).status ?? 500;
  if (status !== 500) return { status, message: (error as Error).message };
  logger.error(`control: an ${action} failed (${(error as Error).message})`);
  return { status, message: `the ${action} failed on the server (its log says why)` };
}

/** The uploaded file's name as the sender gave it: its last part only, for messages and the audit log. */
function uploadName(url: URL): string {
  const given = url.searchParams.get('name') ?? '';
  const printable = [...basename(given.replaceAll('\\', '/'))].filter((c) => c >= ' ' && c !== '\u007f').join('');
  const name = printable.slice(0, 200);
  return name === '' ? 'the upload' : name;
}

/**
 * Exports as downloads and imports as uploads: what a team server offers in place of paths on its own disk.
 * Both stream: a download is written as the store is read, an upload imported as it arrives (bounded by a limit).
 */
export function transferRoutes(deps: TransferRouteDeps): TransferRoutes {
  const scratchDir = join(deps.dataDir, 'uploads');
  // What an upload cut short by a crash left; one core per data dir, so nothing else is using it.
  rmSync(scratchDir, { recursive: true, force: true });
  const record = (entry: TransferRecord) => deps.onTransfer?.(entry);
  const budget = new UploadBudget({ ...defaultUploadBudget, ...deps.uploadBudget });

  const exportRoute = async (req: IncomingMessage, res: ServerResponse, user: string | null, holdsSecret: boolean) => {
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return sendJson(res, 415, { error: 'an export request is JSON' });
    let parsed;
    try {
      parsed = TransferExportRequest.safeParse(await readJson(req));
    } catch (error) {
      return sendJson(res, 400, { error: (error as Error).message });
    }
    if (!parsed.success) {
      return sendJson(res, 400, { error: 'invalid export request', issues: parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`) });
    }
    const subject = parsed.data.format;
    let prepared: Download;
    try {
      prepared = await download(deps, parsed.data, new Date(), holdsSecret);
    } catch (error) {
      const { status, message } = failure(error, 'export', deps.logger);
      record({ user, action: 'export', subject, outcome: 'failed', detail: message, status });
      return sendJson(res, status, { error: message });
    }
    res.writeHead(200, {
      ...securityHeaders,
      'Content-Type': prepared.contentType,
      'Content-Disposition': `attachment; filename="${prepared.filename}"`,
      'Cache-Control': 'no-store',
    });
    try {
      await pipeline(prepared.body, res);
      record({ user, action: 'export', subject, outcome: 'done', detail: `${prepared.count()} deliveries`, status: 200 });
    } catch (error) {
      // Headers are sent: the download ends cut off, and the browser says it failed.
      record({ user, action: 'export', subject, outcome: 'failed', detail: (error as Error).message, status: 200 });
    }
  };

  const importRoute = async (req: IncomingMessage, res: ServerResponse, url: URL, user: string | null) => {
    const subject = uploadName(url);
    const length = req.headers['content-length'];
    if (length === undefined) return sendJson(res, 411, { error: 'an upload gives its size (Content-Length)' });
    if (Number(length) > deps.uploadLimitBytes) {
      const error = `${subject} is ${length} bytes: this server takes uploads of at most ${deps.uploadLimitBytes} bytes`;
      record({ user, action: 'import', subject, outcome: 'refused', detail: error, status: 413 });
      // Nothing of it is read: the connection closes after the answer.
      res.setHeader('Connection', 'close');
      return sendJson(res, 413, { error });
    }
    let ticket: UploadTicket;
    try {
      ticket = budget.admit(user ?? '', subject, Number(length));
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error;
      record({ user, action: 'import', subject, outcome: 'refused', detail: error.message, status: error.status });
      res.setHeader('Connection', 'close');
      return sendJson(res, error.status, { error: error.message });
    }
    const { unpackRatio, ratioFloorBytes } = budget.options;
    const upload = {
      chunks: req,
      name: subject,
      scratchDir,
      unpack: { limitBytes: deps.uploadLimitBytes, ratio: unpackRatio, ratioFloorBytes, onUnpacked: ticket.take },
      limits: { bodyLimitBytes: deps.bodyLimitBytes },
    };
    try {
      const result = await withUploadSource(upload, (source) => importFrom(source, importTarget(deps)));
      record({ user, action: 'import', subject, outcome: 'done', detail: `imported ${result.imported}, skipped ${result.skipped}`, status: 200 });
      sendJson(res, 200, result);
    } catch (error) {
      const { status, message } = failure(error, 'import', deps.logger);
      record({ user, action: 'import', subject, outcome: error instanceof UploadRefused ? 'refused' : 'failed', detail: message, status });
      // What is left of the body is not read: the connection closes after the answer.
      if (!res.headersSent && error instanceof UploadRefused) res.setHeader('Connection', 'close');
      if (!res.headersSent) sendJson(res, status, { error: message });
    } finally {
      ticket.release();
    }
  };

  return async (req, res, url, caller) => {
    const action = url.pathname === '/transfer/export' ? 'export' : url.pathname === '/transfer/import' ? 'import' : null;
    if (action === null) return sendJson(res, 404, { error: `no route ${url.pathname}` });
    if (req.method !== 'POST') return sendJson(res, 405, { error: `${url.pathname} is POST` });
    const role = caller.role;
    if (!roleAllows(role, routeCalls[action])) {
      const error = `your role (${role}) may not ${action}: it needs ${callRoles[routeCalls[action]]}`;
      const verdict = deps.refusals && caller.user !== null ? deps.refusals.take(caller.user) : null;
      if (verdict !== null && !verdict.allowed) {
        const body = tooManyRefusals(verdict.retryAfterSeconds);
        if (verdict.firstHeldBack) record({ user: caller.user, action, subject: action, outcome: 'refused', detail: body.error, status: 429 });
        res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
        return sendJson(res, 429, body);
      }
      record({ user: caller.user, action, subject: action, outcome: 'refused', detail: error, status: 403 });
      return sendJson(res, 403, { error });
    }
    if (action === 'export') return exportRoute(req, res, caller.user, caller.role === 'admin');
    return importRoute(req, res, url, caller.user);
  };
}
