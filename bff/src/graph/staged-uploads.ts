import type { UploadPurpose } from '@bolsa/domain';
import type { Context } from '../context.js';
import type { Failure } from '../upstream/failure.js';

/** An upload id a form named, and the upload purpose its field takes. */
export interface NamedUpload {
  id: string | null | undefined;
  kind: UploadPurpose;
}

/**
 * A refused form's staged files (issue 22): each one this owner's, of its field's kind and not used
 * yet is spent here and removed from the api's store at once, not kept for the hourly sweep; the
 * browser uploads again with its next try. Deleting one already gone is no error (the api deletes
 * what it refused too). Ids that are not the owner's are left alone.
 */
export async function dropUploads(ctx: Context, owner: string | null, named: readonly NamedUpload[]): Promise<void> {
  if (!owner) return;
  await Promise.allSettled(
    named.map(async ({ id, kind }) => {
      const u = id ? await ctx.uploads.staged(id, owner, kind) : null;
      if (!u) return;
      await ctx.uploads.discard(u);
      await ctx.files.dropStaged(u.staged);
    }),
  );
}

/**
 * Whether the api refused the form (its files go), rather than failing to answer it: a 5xx, an
 * answer that does not confirm, or our own service token refused leave the files for the next try.
 */
export const refusedByApi = (f: Failure): boolean =>
  !['unavailable', 'server-error', 'unconfirmed', 'unauthenticated'].includes(f.kind);
