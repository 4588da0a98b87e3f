import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import formidable, { errors as formidableErrors } from 'formidable';
import { Router, type Request, type Response } from 'express';
import type { Sessions } from '../auth/session.js';
import { open, seal } from '../auth/seal.js';
import {
  acceptsKind,
  FILE_MESSAGES,
  isUploadPurpose,
  MAX_FILE_BYTES,
  mayUpload,
  SNIFFED_MIME,
  UPLOAD_RULES,
  type UploadPurpose,
} from '@bolsa/domain';
import { sniffKind } from '@bolsa/domain/sniff';
import type { SharedStore } from '../auth/store.js';
import type { FilesClient, StageResult } from '../upstream/files.js';
import { gqlError } from '../errors.js';
import { guestOwner } from './guest.js';
import type { UploadBudget } from './budget.js';

/**
 * Where a candidate's file goes as it arrives: streamed into the api's store (its staging kind
 * there), never written to the BFF's disk. Staff files are kept here until their form is sent.
 */
const STAGED_AS: Partial<Record<UploadPurpose, 'documento' | 'foto'>> = {
  'candidate-document': 'documento',
  'requested-document': 'documento',
  'candidate-photo': 'foto',
};

interface UploadClaim {
  f: string;
  owner: string;
  kind: UploadPurpose;
  mime: string;
  name: string;
  size: number;
  exp: number;
}

const TTL_MS = 60 * 60_000;
const spentKey = (u: StoredUpload) => `upload:${u.staged ?? path.basename(u.path)}`;
/** A claim's `f` for a file staged in the api: this prefix and the api's id. */
const STAGED = 's:';
const UNAVAILABLE = { message: 'No se pudo contactar al servidor. Intenta nuevamente.' };
const NO_FILE = { title: FILE_MESSAGES.invalidTitle, message: FILE_MESSAGES.noFile };
const EMPTY_FILE = { title: FILE_MESSAGES.invalidTitle, message: FILE_MESSAGES.emptyFile };

/**
 * Removes files formidable began writing. Its own clean-up on error unlinks 1 ms after
 * destroying the stream, which can run before the file is even opened and leave it behind;
 * waiting for the stream to close first makes the removal stick.
 */
async function discardPartial(files: formidable.File[]): Promise<void> {
  await Promise.all(
    files.map(async (f) => {
      const stream = (f as unknown as { _writeStream?: NodeJS.WritableStream & { closed?: boolean } })._writeStream;
      if (stream && !stream.closed) {
        await Promise.race([once(stream, 'close'), delay(1_000)]).catch(() => undefined);
      }
      await rm(f.filepath, { force: true });
    }),
  );
}

/** Only for display: no separators or control characters. */
const displayName = (raw: string | null | undefined): string =>
  (raw ?? 'archivo').replace(/[\\/]|\p{Cc}/gu, '_').slice(0, 120);

export interface StoredUpload {
  /** On the BFF's disk (staff files); '' for a staged one. */
  path: string;
  /** The api's id of a staged file (a candidate's document or photo), else null. */
  staged: string | null;
  mime: string;
  name: string;
  size: number;
  kind: UploadPurpose;
}

/**
 * Uploads go through the BFF, not GraphQL (ARCHITECTURE.md principle 5): the file is checked
 * (size, real type from its bytes), kept in a private folder, and answered with an opaque id
 * bound to the session that uploaded it. Mutations take that id.
 */
export class Uploads {
  readonly dir: string;
  constructor(
    dataDir: string,
    private readonly key: Buffer,
    /** Spent upload ids, shared by every replica. */
    private readonly store: SharedStore,
    /** What guests and candidates may stage per hour (null: no limit, staff-only tests). */
    private readonly budget: UploadBudget | null = null,
  ) {
    this.dir = path.resolve(dataDir, 'uploads');
    mkdirSync(this.dir, { recursive: true });
  }

  /** The stored upload for `id` if it belongs to `owner` and was sent for one of `kinds` (upload purposes). */
  resolve(id: string, owner: string, ...kinds: UploadPurpose[]): StoredUpload | null {
    const c = open<UploadClaim>(id, this.key);
    if (!c || c.owner !== owner || !kinds.includes(c.kind) || c.exp < Date.now()) return null;
    const staged = c.f.startsWith(STAGED) ? c.f.slice(STAGED.length) : null;
    return {
      path: staged ? '' : path.join(this.dir, c.f),
      staged,
      mime: c.mime,
      name: c.name,
      size: c.size,
      kind: c.kind,
    };
  }

  /** The file's bytes; an upload already used (here or on another replica) is refused. */
  async read(u: StoredUpload): Promise<Buffer> {
    if (u.staged || (await this.store.isSpent(spentKey(u))))
      throw gqlError('BAD_USER_INPUT', FILE_MESSAGES.uploadSpent);
    try {
      return await readFile(u.path);
    } catch {
      throw gqlError('BAD_USER_INPUT', FILE_MESSAGES.uploadSpent);
    }
  }

  /**
   * A candidate's staged file for a form: this owner's, of `kind`, not used yet (here or on
   * another replica). Whether the api still holds it, the form's own call tells.
   */
  async staged(id: string, owner: string, kind: UploadPurpose): Promise<(StoredUpload & { staged: string }) | null> {
    const u = this.resolve(id, owner, kind);
    if (!u?.staged || (await this.store.isSpent(spentKey(u)))) return null;
    return { ...u, staged: u.staged };
  }

  /** After a successful use: the id is spent everywhere and the file removed (a staged one went with its form). */
  async discard(u: StoredUpload): Promise<void> {
    await this.store.spend(spentKey(u), TTL_MS);
    if (!u.staged) await rm(u.path, { force: true });
  }

  sweep(now = Date.now()): void {
    for (const f of readdirSync(this.dir)) {
      const p = path.join(this.dir, f);
      try {
        if (now - statSync(p).mtimeMs > TTL_MS) void rm(p, { force: true });
      } catch {
        // already gone
      }
    }
  }

  router(services: { sessions: Sessions; files: FilesClient }): Router {
    const router = Router();
    const timer = setInterval(() => this.sweep(), 10 * 60_000);
    timer.unref();
    router.post('/', async (req: Request, res: Response) => {
      // Like Apollo's CSRF prevention: a plain cross-site form cannot set this header.
      if (!req.headers['x-requested-with'] && !req.headers['apollo-require-preflight']) {
        res.status(400).json({ message: 'Solicitud inválida.' });
        return;
      }
      const viewer = await services.sessions.viewer(req, res);
      const purpose = req.query.kind;
      if (!isUploadPurpose(purpose)) {
        res.status(viewer ? 400 : 401).json({
          message: viewer ? FILE_MESSAGES.unknownPurpose : 'Debes iniciar sesión para continuar.',
        });
        return;
      }
      // What the purpose takes, its messages and who may upload for it: domain files.ts.
      const kind = UPLOAD_RULES[purpose];
      // Guests may upload what the application form takes, bound to their browser (guest.ts).
      const owner = viewer ? viewer.id : kind.guests ? guestOwner(req, res, true) : null;
      if (!owner) {
        res.status(401).json({ message: 'Debes iniciar sesión para continuar.' });
        return;
      }
      if (viewer && !mayUpload(purpose, viewer.role)) {
        res.status(403).json({ message: 'Tu rol no permite realizar esta acción.' });
        return;
      }
      // Guests and candidates (staff are accountable users) within their hourly budget, charged
      // before a byte of the body is read (budget.ts).
      if (this.budget && viewer?.kind !== 'STAFF') {
        const declared = Number(req.headers['content-length']);
        const refused = await this.budget
          .charge(owner, req.ip ?? '', Number.isFinite(declared) ? declared : null)
          .catch(() => 'unavailable' as const);
        if (refused === 'unavailable') {
          // The shared counters (the api or Redis) do not answer: nothing could be staged anyway.
          res.status(503).json(UNAVAILABLE);
          return;
        }
        if (refused) {
          res.setHeader('Retry-After', String(refused.retryAfterSeconds));
          res.setHeader('Connection', 'close');
          res.status(refused.status).json({ title: FILE_MESSAGES.uploadFailedTitle, message: refused.message });
          return;
        }
      }
      // After an error formidable keeps parsing the rest of the body; write no file from it.
      let failed = false;
      // A candidate's file goes on to the api's store as it arrives (files/staged.ts there).
      const stagedAs = STAGED_AS[purpose] ?? null;
      // One per file part formidable began (a body with two files begins two before it fails).
      const stagings: { body: PassThrough; result: Promise<StageResult> }[] = [];
      const form = formidable({
        filter: () => !failed,
        ...(stagedAs
          ? {
              fileWriteStreamHandler: (file?: unknown) => {
                const pass = new PassThrough({ highWaterMark: 256 * 1024 });
                const original = (file as { originalFilename?: string | null } | undefined)?.originalFilename;
                const candidate = viewer?.kind === 'CANDIDATE' ? viewer.id : null;
                const staging = services.files.stage(pass, stagedAs, displayName(original), candidate);
                stagings.push({ body: pass, result: staging });
                // If the api cannot take it (down, timed out), the browser's body stops being read
                // and formidable fails at once, rather than waiting on a stream nobody drains.
                const apiFailed = () => pass.destroy(new Error('api'));
                staging.then((r) => {
                  if (!r.ok && r.kind === 'failed') apiFailed();
                }, apiFailed);
                return pass;
              },
            }
          : {}),
        uploadDir: this.dir,
        maxFiles: 1,
        maxFileSize: MAX_FILE_BYTES,
        maxTotalFileSize: MAX_FILE_BYTES,
        maxFields: 5,
        allowEmptyFiles: false,
        keepExtensions: false,
      });
      // formidable leaves what it already wrote when it gives up (a second file, a cut body).
      const written: formidable.File[] = [];
      form.on('fileBegin', (_name, f) => void written.push(f));
      form.once('error', () => (failed = true));
      let files: formidable.Files;
      try {
        [, files] = await form.parse(req);
      } catch (err) {
        // Cut with an error, so the api never takes what arrived as a whole file: it drops what it
        // had begun to store when the stream it reads breaks.
        for (const st of stagings) st.body.destroy(new Error('cancelado'));
        const results = await Promise.all(stagings.map((st) => st.result.catch(() => null)));
        // A whole file may have reached the api before the rest of the body was refused (a second file).
        await Promise.all(
          results.map((r) => (r?.ok ? services.files.dropStaged(r.id).catch(() => undefined) : undefined)),
        );
        await discardPartial(written);
        const code = (err as { code?: unknown }).code;
        // formidable's own refusals carry a numeric code; anything else broke the stream to the api.
        if (stagings.length && typeof code !== 'number') {
          res.status(503).json(UNAVAILABLE);
          return;
        }
        const tooBig =
          code === formidableErrors.biggerThanTotalMaxFileSize || code === formidableErrors.biggerThanMaxFileSize;
        const empty = code === formidableErrors.noEmptyFiles;
        res.status(tooBig ? 413 : 400).json(tooBig ? kind.tooLarge : empty ? EMPTY_FILE : NO_FILE);
        return;
      }
      const file = Object.values(files).flat()[0];
      await discardPartial(written.filter((f) => f.filepath !== file?.filepath));
      if (!file) {
        res.status(400).json(NO_FILE);
        return;
      }
      const name = displayName(file.originalFilename);
      if (stagedAs) {
        const staged = await stagings[0]?.result.catch(() => null);
        if (!staged || !staged.ok) {
          const why = staged?.kind;
          if (why === 'too-large') res.status(413).json(kind.tooLarge);
          else if (why === 'wrong-type') res.status(415).json(kind.invalid);
          else if (staged?.kind === 'bad-image')
            res.status(422).json({ title: FILE_MESSAGES.invalidTitle, message: staged.message });
          else if (why === 'empty') res.status(400).json(EMPTY_FILE);
          else res.status(503).json(UNAVAILABLE);
          return;
        }
        const claim: UploadClaim = {
          f: STAGED + staged.id,
          owner,
          kind: purpose,
          mime: staged.mime,
          name,
          size: staged.size,
          exp: Date.now() + TTL_MS,
        };
        res.status(201).json({ id: seal(claim, this.key), name, size: staged.size, type: claim.mime });
        return;
      }
      // The whole file (at most 5 MB): Office formats are told apart by the parts inside the zip.
      const type = await sniffKind(await readFile(file.filepath));
      if (!type || !acceptsKind(purpose, type)) {
        await rm(file.filepath, { force: true });
        res.status(415).json(kind.invalid);
        return;
      }
      const f = randomBytes(16).toString('hex');
      await rename(file.filepath, path.join(this.dir, f));
      const claim: UploadClaim = {
        f,
        owner,
        kind: purpose,
        mime: SNIFFED_MIME[type],
        name,
        size: file.size,
        exp: Date.now() + TTL_MS,
      };
      res.status(201).json({ id: seal(claim, this.key), name, size: file.size, type: SNIFFED_MIME[type] });
    });
    return router;
  }
}
