import {
  DOCUMENT_KIND_INFO,
  DOCUMENT_REQUEST_MESSAGES as M,
  documentKeyOf,
  documentRequestSchema,
  FILE_MESSAGES,
  kindOfKey,
  TRANSITION_MESSAGES,
  type DocumentKey,
} from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { actorOf, ownUserId } from '../graph/viewer.js';
import { gqlError, notFound, operationFailed, validationFailed, type FieldProblem } from '../errors.js';
import type { DocumentRequestDto } from '../normalise/document-request.js';
import type { Failure } from '../upstream/failure.js';
import type { StagedFile } from '../upstream/files.js';
import type { StoredUpload } from '../uploads/routes.js';
import { dropUploads, refusedByApi } from '../graph/staged-uploads.js';

const linkInvalid = () => ({ __typename: 'DocumentRequestInvalid' as const, message: M.linkInvalid });

function failedToSend(f: Failure) {
  if (f.kind === 'unavailable') throw gqlError('UPSTREAM_UNAVAILABLE');
  return operationFailed(M.failed, f);
}

async function requestOf(ctx: Context, r: DocumentRequestDto) {
  const by = r.requestedById ? await ctx.loaders.users.load(r.requestedById) : null;
  return {
    id: r.id,
    candidateId: r.candidateId,
    documents: r.documents,
    comment: r.comment,
    requestedAt: r.requestedAt,
    requestedBy: by?.name ?? null,
    expiresAt: r.expiresAt,
    fulfilledAt: r.fulfilledAt,
  };
}

export const documentRequestQueries: Pick<QueryResolvers<Context>, 'documentRequest'> = {
  // Only the account the link was sent to may read it: the user id is the session's, never an argument.
  documentRequest: (_p, { token }, ctx) => ctx.documentRequests.view(token, ownUserId(ctx)),
};

export const documentRequestMutations: Pick<
  MutationResolvers<Context>,
  'requestDocuments' | 'fulfilDocumentRequest'
> = {
  async requestDocuments(_p, { candidateId, documents, comment }, ctx) {
    // COVER_LETTER reads as DPI: the DPI scan is one document (domain document-kinds.ts).
    const keys = documents.map(documentKeyOf);
    // The photo is not a document that can be asked for (spec 3 §2.6 lists five).
    if (keys.includes(null))
      return {
        request: null,
        emailQueued: false,
        error: validationFailed(M.documentInvalid, [{ path: 'documents', message: M.documentInvalid }]),
      };
    const checked = documentRequestSchema().safeParse({ documents: keys, notes: comment });
    if (!checked.success) {
      const fields = checked.error.issues.map((i) => ({
        path: i.path[0] === 'documents' ? 'documents' : 'comment',
        message: i.message,
      }));
      return { request: null, emailQueued: false, error: validationFailed(fields[0]!.message, fields) };
    }
    const r = await ctx.documentRequests.requestDocuments(
      candidateId,
      checked.data.documents,
      checked.data.notes,
      actorOf(ctx),
    );
    if (r.ok) return { request: await requestOf(ctx, r.request), emailQueued: true, error: null };
    if (r.kind === 'not-found')
      return { request: null, emailQueued: false, error: notFound(r.message ?? TRANSITION_MESSAGES.notFound) };
    if (r.kind === 'invalid') {
      const fields = r.fields;
      return {
        request: null,
        emailQueued: false,
        error: validationFailed(r.message ?? fields[0]?.message ?? M.failed, fields),
      };
    }
    return { request: null, emailQueued: false, error: failedToSend(r.failure) };
  },

  async fulfilDocumentRequest(_p, { token, uploads }, ctx) {
    const uid = ownUserId(ctx);
    // Every refusal (an expired or used link too) deletes the page's staged files at once (issue 22).
    const refused = async <T>(answer: T): Promise<T> => {
      await dropUploads(
        ctx,
        uid,
        uploads.map((u) => ({ id: u.uploadId, kind: 'requested-document' as const })),
      );
      return answer;
    };
    const view = await ctx.documentRequests.view(token, uid);
    if (!view) return refused({ ok: false, error: linkInvalid() });

    const labelOf = (key: DocumentKey) => DOCUMENT_KIND_INFO[kindOfKey(key)].label;
    const requested = view.documents.map((k) => DOCUMENT_KIND_INFO[k].key!);
    const problems: FieldProblem[] = [];
    const chosen: { key: DocumentKey; index: number; upload: StoredUpload; file: StagedFile }[] = [];
    for (const [index, u] of uploads.entries()) {
      const key = documentKeyOf(u.kind);
      if (!key || !requested.includes(key) || chosen.some((c) => c.key === key)) {
        problems.push({
          path: `uploads.${index}.kind`,
          message: key && !requested.includes(key) ? M.notRequested(labelOf(key)) : M.documentInvalid,
        });
        continue;
      }
      // Each upload id must be this candidate's, a document (PDF checked from its bytes), and not used yet.
      const upload = await ctx.uploads.staged(u.uploadId, uid, 'requested-document');
      if (!upload) {
        problems.push({ path: `uploads.${index}.uploadId`, message: FILE_MESSAGES.uploadSpent });
        continue;
      }
      chosen.push({ key, index, upload, file: { id: upload.staged } });
    }
    for (const key of requested)
      if (!uploads.some((u) => documentKeyOf(u.kind) === key))
        problems.push({ path: 'uploads', message: M.missingDocument(labelOf(key)) });
    if (problems.length) return refused({ ok: false, error: validationFailed(problems[0]!.message, problems) });

    const r = await ctx.documentRequests.fulfil(
      token,
      uid,
      chosen.map((c) => ({ key: c.key, file: c.file })),
    );
    if (r.ok) {
      await Promise.allSettled(chosen.map((c) => ctx.uploads.discard(c.upload)));
      return { ok: true, error: null };
    }
    if (r.kind === 'invalid-link') return refused({ ok: false, error: linkInvalid() });
    if (r.kind === 'invalid') {
      const fields = r.fields.map((f) => {
        const c = chosen.find((x) => x.key === f.path);
        return { path: c ? `uploads.${c.index}.uploadId` : 'uploads', message: f.message };
      });
      return refused({ ok: false, error: validationFailed(r.message ?? fields[0]?.message ?? M.failed, fields) });
    }
    if (r.failure.kind === 'unavailable') throw gqlError('UPSTREAM_UNAVAILABLE');
    const failed = { ok: false, error: operationFailed(r.failure.message ?? M.failed, r.failure) };
    return refusedByApi(r.failure) ? refused(failed) : failed;
  },
};
