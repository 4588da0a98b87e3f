import { can } from '@bolsa/domain';
import {
  APPLICATION_MESSAGES,
  AUTH_MESSAGES,
  checkApplication,
  conflictMessage,
  FILE_MESSAGES,
  isEntityId,
  todayInGuatemala,
  type ApplicationMode as DomainMode,
  type UploadPurpose,
} from '@bolsa/domain';
import type { ApplicationInput, MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import { gqlError, validationFailed, type FieldProblem } from '../errors.js';
import type { Context } from '../context.js';
import type { ApplicationFileSlot } from '../upstream/applications.js';
import type { StagedFile } from '../upstream/files.js';
import { newCaptchaFor } from '../graph/captcha.js';
import { dropUploads } from '../graph/staged-uploads.js';

/** The input's upload id field, the upload kind it takes, and the domain's name for it. */
const SLOTS: { slot: ApplicationFileSlot; input: keyof ApplicationInput; kind: UploadPurpose }[] = [
  { slot: 'photo', input: 'photoUploadId', kind: 'candidate-photo' },
  { slot: 'curriculum', input: 'cvUploadId', kind: 'candidate-document' },
  { slot: 'dpiScan', input: 'dpiScanUploadId', kind: 'candidate-document' },
  { slot: 'policeRecord', input: 'policeRecordUploadId', kind: 'candidate-document' },
  { slot: 'criminalRecord', input: 'criminalRecordUploadId', kind: 'candidate-document' },
];

/** Domain field names → the input's, so the web can open the right section and focus the field. */
const PATHS: Record<string, string> = {
  name: 'fullName',
  cui: 'dpi',
  salaryClaim: 'salaryExpectation',
  photo: 'photoUploadId',
  curriculum: 'cvUploadId',
  dpiScan: 'dpiScanUploadId',
  policeRecord: 'policeRecordUploadId',
  criminalRecord: 'criminalRecordUploadId',
};
export const inputPath = (path: string): string => {
  const [head = '', ...rest] = path.split('.');
  return [PATHS[head] ?? head, ...rest].join('.');
};

const REGISTERED_ONLY: ApplicationFileSlot[] = ['dpiScan', 'policeRecord', 'criminalRecord'];

/** Who is applying: a candidate as themselves (full mode), anyone without a session as a guest. */
function applicant(ctx: Context): { mode: DomainMode; userId: string | null; owner: string | null } {
  const v = ctx.viewer;
  if (v && v.kind === 'CANDIDATE' && can(v.role, 'candidate.apply'))
    return { mode: 'registered', userId: v.id, owner: v.id };
  // Staff and integrations apply to nothing: the form is the public's and candidates'.
  if (v) throw gqlError('FORBIDDEN');
  return { mode: 'guest', userId: null, owner: ctx.guestOwner };
}

export const applicationQueries: Pick<QueryResolvers<Context>, 'applicationCheck' | 'today'> = {
  // The form's day (issue 22): a slow phone's first date formatter in a time zone cost it 0.1–0.2 s.
  today: () => todayInGuatemala(),
  async applicationCheck(_p, { vacancyId, dpi, email, captchaId, captchaAnswer, captchaProof }, ctx) {
    if (!isEntityId(vacancyId)) throw gqlError('BAD_USER_INPUT');
    const digits = dpi.replace(/\D/g, '').slice(0, 13);
    const mail = email.trim().toLowerCase().slice(0, 254);
    if (!digits && !mail) return { ok: true, conflict: null, message: null };
    // Per address (issue 22): past the limit each lookup needs a solved captcha (image or proof of
    // work); without one no lookup is made, it would tell which DPIs and e-mails are registered.
    if (await ctx.throttle.applicationCheckWait(ctx.clientAddress)) {
      const passed = captchaProof
        ? await ctx.proofOfWork.verify(captchaProof)
        : await ctx.captcha.verify(captchaId, captchaAnswer);
      if (!passed) {
        const given = !!(captchaProof || captchaId);
        return {
          ok: false,
          conflict: null,
          message: given ? AUTH_MESSAGES.captchaWrong : APPLICATION_MESSAGES.checkCaptchaRequired,
          // Too many captchas from this address is THROTTLED with retryAfterSeconds.
          captcha: await newCaptchaFor(ctx),
        };
      }
    }
    const userId = ctx.viewer?.kind === 'CANDIDATE' ? ctx.viewer.id : null;
    const r = await ctx.applications.check({ vacancyId, dpi: digits, email: mail, userId });
    if (r.ok || !r.conflict) return { ok: true, conflict: null, message: null };
    const mode = userId !== null ? 'registered' : 'guest';
    return { ok: false, conflict: r.conflict, message: conflictMessage(r.conflict.toLowerCase(), r.message, mode) };
  },
};

/** The staged files a refused form names (this applicant's, unused): spent and removed from the api's store. */
const dropFormUploads = (ctx: Context, input: ApplicationInput, owner: string | null) =>
  dropUploads(
    ctx,
    owner,
    SLOTS.map((s) => ({ id: input[s.input] as string | null | undefined, kind: s.kind })),
  );

export const applicationMutations: Pick<MutationResolvers<Context>, 'apply'> = {
  async apply(_p, { input }, ctx) {
    const who = applicant(ctx);
    const mode = who.mode === 'registered' ? ('REGISTERED' as const) : ('GUEST' as const);
    const refuse = (
      message: string,
      fields: FieldProblem[],
      title: string | null = APPLICATION_MESSAGES.incompleteTitle,
    ) => ({
      applicationId: null,
      message: null,
      mode,
      error: validationFailed(message, fields, title),
    });

    // Guests are throttled per address like logins, counting refused applications only.
    if (who.mode === 'guest') {
      const wait = await ctx.throttle.applicationWait(ctx.clientAddress);
      if (wait) {
        // Refused before it is read: nothing is stored, and the files it names go now, not with
        // the hourly sweep. The guest reads when to try again (issue 22).
        await dropFormUploads(ctx, input, who.owner);
        ctx.retryAfter(wait);
        return {
          applicationId: null,
          message: null,
          mode,
          error: {
            __typename: 'Throttled' as const,
            message: APPLICATION_MESSAGES.applyThrottled(Math.ceil(wait / 60)),
            retryAfterSeconds: wait,
          },
        };
      }
    }
    // Every refusal deletes the form's staged files at once (issue 22); the api deletes them too when
    // it refused, and deleting one already gone is no error.
    const refused = async <T>(answer: T): Promise<T> => {
      if (who.mode === 'guest') await ctx.throttle.applicationFailed(ctx.clientAddress);
      await dropFormUploads(ctx, input, who.owner);
      return answer;
    };

    // Upload ids: each must be this applicant's, of the slot's kind, and not used yet.
    const files: Partial<Record<ApplicationFileSlot, StagedFile>> = {};
    const uploads = [];
    const problems: FieldProblem[] = [];
    for (const s of SLOTS) {
      const uploadId = input[s.input] as string | null | undefined;
      if (!uploadId) continue;
      if (who.mode === 'guest' && REGISTERED_ONLY.includes(s.slot)) continue;
      const u = who.owner ? await ctx.uploads.staged(uploadId, who.owner, s.kind) : null;
      if (!u) {
        problems.push({ path: s.input, message: FILE_MESSAGES.uploadSpent });
        continue;
      }
      uploads.push(u);
      files[s.slot] = { id: u.staged };
    }

    // A registered candidate's profile files count as present (spec 1 §5.2); the api references them.
    const stored = who.mode === 'registered' && who.userId ? await ctx.profiles.profile(who.userId) : null;
    const inProfile: Record<ApplicationFileSlot, boolean> = {
      photo: !!stored?.photo,
      curriculum: !!stored?.curriculum,
      dpiScan: !!stored?.dpiFile,
      policeRecord: !!stored?.policeRecord,
      criminalRecord: !!stored?.criminalRecord,
    };
    const checked = checkApplication(who.mode, {
      vacancyId: input.vacancyId,
      name: input.fullName,
      cui: input.dpi,
      address: input.address,
      phone: input.phone,
      email: input.email,
      maritalStatus: input.maritalStatus,
      age: input.age,
      educationLevel: input.educationLevel,
      studying: input.studying,
      available: input.available,
      salaryClaim: String(input.salaryExpectation),
      negotiable: input.negotiable,
      experiences: input.experiences,
      personalReferences: input.personalReferences,
      workReferences: input.workReferences,
      documents: {
        photo: !!files.photo || inProfile.photo,
        curriculum: !!files.curriculum || inProfile.curriculum,
        dpiScan: !!files.dpiScan || inProfile.dpiScan,
        policeRecord: !!files.policeRecord || inProfile.policeRecord,
        criminalRecord: !!files.criminalRecord || inProfile.criminalRecord,
      },
    });
    const fields = [
      ...problems,
      ...(checked.ok ? [] : checked.fields.map((f) => ({ path: inputPath(f.path), message: f.message }))),
    ];
    if (!checked.ok || fields.length) {
      // An upload that is gone says so rather than 'required'.
      const gone = new Set(problems.map((p) => p.path));
      const shown = fields.filter((f, i) => !gone.has(f.path) || fields.findIndex((x) => x.path === f.path) === i);
      return refused(refuse(shown[0]!.message, shown));
    }
    const v = checked.value;

    const vacancy = await ctx.vacancies.get(v.vacancyId).catch(() => null);
    const r = await ctx.applications.submit(
      {
        vacancyId: v.vacancyId,
        vacancyName: vacancy?.name ?? '',
        name: v.name,
        dpi: v.cui,
        address: v.address,
        phone: v.phone,
        email: v.email,
        maritalStatus: v.maritalStatus,
        age: v.age,
        educationLevel: v.educationLevel,
        studying: v.studying,
        available: v.available,
        salaryClaim: String(v.salaryClaim),
        negotiable: v.negotiable,
        experiences: v.experiences,
        personalReferences: v.personalReferences,
        workReferences: v.workReferences,
        userId: who.userId,
      },
      files,
    );
    if (r.ok) {
      await Promise.allSettled(uploads.map((u) => ctx.uploads.discard(u)));
      return { applicationId: r.id, message: r.message, mode, error: null };
    }
    switch (r.kind) {
      case 'duplicate':
        return refused({
          applicationId: null,
          message: null,
          mode,
          error: {
            __typename: 'DuplicateApplication' as const,
            conflict: r.conflict,
            message: conflictMessage(r.conflict.toLowerCase(), r.message, who.mode),
          },
        });
      case 'closed':
        return refused({
          applicationId: null,
          message: null,
          mode,
          error: { __typename: 'VacancyClosed' as const, message: r.message ?? 'La vacante ya no está disponible.' },
        });
      case 'invalid': {
        const f = r.fields.map((x) => ({ path: inputPath(x.path), message: x.message }));
        return refused(refuse(r.message ?? f[0]?.message ?? APPLICATION_MESSAGES.incompleteTitle, f));
      }
      default:
        if (r.failure.kind === 'unavailable') throw gqlError('UPSTREAM_UNAVAILABLE');
        // 'Error interno del servidor' / 'Inténtalo de nuevo más tarde.' is the web's dialog for this.
        throw gqlError('INTERNAL', APPLICATION_MESSAGES.submitFailed);
    }
  },
};
