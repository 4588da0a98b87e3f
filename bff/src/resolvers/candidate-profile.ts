import {
  AUTH_MESSAGES,
  candidateProfileSchema,
  DOCUMENT_KIND_INFO,
  documentKindOf,
  FILE_MESSAGES,
  PROFILE_MESSAGES,
  todayInGuatemala,
  type DocumentKind,
  type UploadPurpose,
} from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { ownUserId } from '../graph/viewer.js';
import { failureText, gqlError, operationFailed, validationFailed, type FieldProblem } from '../errors.js';
import type { StagedFile } from '../upstream/files.js';
import type { ProfileFileSlot } from '../upstream/profiles.js';
import { dropUploads, refusedByApi } from '../graph/staged-uploads.js';

export const PASSWORD_WRONG = 'La contraseña es incorrecta.';
const DELETE_FAILED = 'No se pudo eliminar la cuenta. Intenta de nuevo.';
const SAVE_FAILED = 'No se pudo guardar el perfil.';

type ProfileInputKey =
  'photoUploadId' | 'curriculumUploadId' | 'dpiFileUploadId' | 'policeRecordUploadId' | 'criminalRecordUploadId';

/** The input's upload ids, the upload purpose each takes, the stored kind it replaces. */
const SLOTS: { slot: ProfileFileSlot; input: ProfileInputKey; kind: UploadPurpose; doc: DocumentKind }[] = [
  { slot: 'photo', input: 'photoUploadId', kind: 'candidate-photo', doc: 'PHOTO' },
  { slot: 'curriculum', input: 'curriculumUploadId', kind: 'candidate-document', doc: 'CURRICULUM' },
  { slot: 'dpiFile', input: 'dpiFileUploadId', kind: 'candidate-document', doc: 'DPI' },
  { slot: 'policeRecord', input: 'policeRecordUploadId', kind: 'candidate-document', doc: 'POLICE_RECORD' },
  { slot: 'criminalRecord', input: 'criminalRecordUploadId', kind: 'candidate-document', doc: 'CRIMINAL_RECORD' },
];

/** Domain and api paths → the input's, so the web can open the right section and focus the field. */
const PATHS: Record<string, string> = {
  hasPhoto: 'photoUploadId',
  photo: 'photoUploadId',
  files: 'documents',
  curriculum: 'curriculumUploadId',
  dpiFile: 'dpiFileUploadId',
  policeRecord: 'policeRecordUploadId',
  criminalRecord: 'criminalRecordUploadId',
};
const inputPath = (path: string): string => {
  const [head = '', ...rest] = path.split('.');
  return [PATHS[head] ?? head, ...rest].join('.');
};

/**
 * Confirms the session's own password through the candidate login call (counted by the same
 * throttle as logins); true when it is right.
 */
async function confirmPassword(ctx: Context, password: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const email = ctx.viewer?.email ?? '';
  if (!password || !email) return { ok: false, message: PASSWORD_WRONG };
  const gate = await ctx.throttle.begin('candidate', email, ctx.clientAddress);
  if (gate.kind === 'throttled') return { ok: false, message: AUTH_MESSAGES.throttled };
  const r = await ctx.accounts.verifyCandidatePassword(email, password, ctx.viewer?.id ?? '');
  if (r === 'ok') {
    await ctx.throttle.succeeded(gate.ticket);
    return { ok: true };
  }
  if (r === 'unavailable') throw gqlError('UPSTREAM_UNAVAILABLE');
  await ctx.throttle.failed(gate.ticket);
  return { ok: false, message: PASSWORD_WRONG };
}

export const candidateProfileQueries: Pick<QueryResolvers<Context>, 'myProfile'> = {
  myProfile: (_p, _a, ctx) => ctx.profiles.profile(ownUserId(ctx)),
};

export const candidateProfileMutations: Pick<
  MutationResolvers<Context>,
  'updateMyProfile' | 'exportMyData' | 'deleteMyAccount'
> = {
  async updateMyProfile(_p, { input }, ctx) {
    const uid = ownUserId(ctx);
    // Every refusal deletes the form's staged files at once (issue 22); the web uploads them again.
    const dropNamed = () =>
      dropUploads(
        ctx,
        uid,
        SLOTS.map((s) => ({ id: input[s.input], kind: s.kind })),
      );
    const stored = await ctx.profiles.profile(uid);
    if (!stored) {
      await dropNamed();
      throw gqlError('NOT_FOUND', PROFILE_MESSAGES.loadFailed);
    }

    // Upload ids: each must be this candidate's, of the slot's kind, and not used yet.
    const files: Partial<Record<ProfileFileSlot, StagedFile>> = {};
    const uploads = [];
    const problems: FieldProblem[] = [];
    for (const s of SLOTS) {
      const uploadId = input[s.input];
      if (!uploadId) continue;
      const u = await ctx.uploads.staged(uploadId, uid, s.kind);
      if (!u) {
        problems.push({ path: s.input, message: FILE_MESSAGES.uploadSpent });
        continue;
      }
      uploads.push(u);
      files[s.slot] = { id: u.staged };
    }
    // Any spelling of a kind: COVER_LETTER is the DPI scan (domain document-kinds.ts).
    const remove = new Set((input.removeDocuments ?? []).map(documentKindOf).filter((k) => k !== null));
    const storedFile = {
      PHOTO: stored.photo,
      CURRICULUM: stored.curriculum,
      DPI: stored.dpiFile,
      POLICE_RECORD: stored.policeRecord,
      CRIMINAL_RECORD: stored.criminalRecord,
    } as Record<DocumentKind, unknown>;
    const present = (s: (typeof SLOTS)[number]) =>
      !!files[s.slot] || problems.some((p) => p.path === s.input) || (!!storedFile[s.doc] && !remove.has(s.doc));
    const slot = (slot: ProfileFileSlot) => SLOTS.find((s) => s.slot === slot)!;

    const checked = candidateProfileSchema(todayInGuatemala()).safeParse({
      firstName: input.firstName,
      secondName: input.secondName ?? '',
      firstSurname: input.firstSurname,
      secondSurname: input.secondSurname ?? '',
      marriedSurname: input.marriedSurname ?? '',
      email: stored.email,
      phone: input.phone,
      dpi: input.dpi,
      birthDate: input.birthDate,
      address: input.address,
      observations: input.observations ?? '',
      experiences: input.experiences.map((e) => ({
        company: e.company,
        position: e.position,
        from: e.from,
        to: e.to,
        description: e.description ?? '',
      })),
      personalReferences: input.personalReferences,
      workReferences: input.workReferences,
      hasPhoto: present(slot('photo')),
      files: {
        curriculum: present(slot('curriculum')),
        dpiFile: present(slot('dpiFile')),
        policeRecord: present(slot('policeRecord')),
        criminalRecord: present(slot('criminalRecord')),
      },
      profileComplete: stored.complete,
    });
    const fields = [
      ...problems,
      ...(checked.success
        ? []
        : checked.error.issues.map((i) => ({ path: inputPath(i.path.map(String).join('.')), message: i.message }))),
    ];
    if (!checked.success || fields.length) {
      await dropNamed();
      return {
        profile: null,
        error: validationFailed(fields[0]!.message, fields, PROFILE_MESSAGES.incompleteTitle),
      };
    }
    const v = checked.data;

    const r = await ctx.profiles.save(
      uid,
      {
        firstName: v.firstName,
        secondName: v.secondName,
        firstSurname: v.firstSurname,
        secondSurname: v.secondSurname,
        marriedSurname: v.marriedSurname,
        email: stored.email,
        phone: v.phone,
        dpi: v.dpi,
        birthDate: v.birthDate,
        address: v.address,
        observations: input.observations === undefined || input.observations === null ? null : v.observations,
        experiences: v.experiences,
        personalReferences: v.personalReferences,
        workReferences: v.workReferences,
        // EliminarAdjuntosJson: each document as the profile stores it.
        remove: [...remove].map((k) => DOCUMENT_KIND_INFO[k].profileType),
      },
      files,
    );
    if (r.ok) {
      await Promise.allSettled(uploads.map((u) => ctx.uploads.discard(u)));
      return { profile: r.profile ?? (await ctx.profiles.profile(uid)), error: null };
    }
    if (r.kind === 'invalid' || refusedByApi(r.failure)) await dropNamed();
    if (r.kind === 'invalid') {
      const f = r.fields.map((x) => ({ path: inputPath(x.path), message: x.message }));
      return {
        profile: null,
        error: validationFailed(
          r.message ?? f[0]?.message ?? PROFILE_MESSAGES.invalid,
          f,
          PROFILE_MESSAGES.invalidTitle,
        ),
      };
    }
    if (r.failure.kind === 'unavailable') throw gqlError('UPSTREAM_UNAVAILABLE');
    return {
      profile: null,
      error: operationFailed(failureText(r.failure, SAVE_FAILED), r.failure),
    };
  },

  async exportMyData(_p, { password }, ctx) {
    const uid = ownUserId(ctx);
    const ok = await confirmPassword(ctx, password);
    if (!ok.ok) return { url: null, error: { __typename: 'InvalidCredentials' as const, message: ok.message } };
    return { url: ctx.dataExports.link(uid), error: null };
  },

  async deleteMyAccount(_p, { password }, ctx) {
    const uid = ownUserId(ctx);
    const ok = await confirmPassword(ctx, password);
    if (!ok.ok) return { ok: false, error: { __typename: 'InvalidCredentials' as const, message: ok.message } };
    const r = await ctx.profiles.erase(uid);
    if (!r.ok) {
      if (r.failure.kind === 'unavailable') throw gqlError('UPSTREAM_UNAVAILABLE');
      return { ok: false, error: operationFailed(DELETE_FAILED, r.failure) };
    }
    // The account is gone: so is every session of it (the store's check fails on the next request too).
    await ctx.session.end();
    return { ok: true, error: null };
  },
};
