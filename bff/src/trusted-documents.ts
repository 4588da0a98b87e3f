import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import { GraphQLError, Kind, parse, print, visit, type ASTNode, type SelectionSetNode } from 'graphql';
import { isStaffRole, TRUSTED_DOCUMENT_MESSAGES } from '@bolsa/domain';
import type { Viewer } from './auth/viewer.js';
import { ConfigError } from './config.js';

/**
 * Trusted documents (docs/decisions/2026-11-27-trusted-documents.md, issue 22): the web's
 * operations are registered at build time — codegen writes `persisted-documents.json` (sha256 of
 * the text → text) and puts each hash on its document — and the web sends only the hash, in
 * Apollo Server's persisted-query extension. Apollo reads the text from here (`apqCache`) and keeps
 * the parsed, validated document under that hash.
 *
 * Where enforced (production by default), a request may run free text only with an API token, or
 * from a staff session when GraphiQL is served (GRAPHIQL=true: the staff query tool); anything
 * else must name a registered hash. Free text → OPERATION_NOT_REGISTERED, 400; an unknown hash
 * without text → Apollo's PERSISTED_QUERY_NOT_FOUND.
 */
export const MANIFEST_FILE = 'persisted-documents.json';

/** Next to the bundle (bff/dist, the production build copies it there), else codegen's output. */
export const MANIFEST_CANDIDATES = [
  path.join(import.meta.dirname, MANIFEST_FILE),
  path.resolve(import.meta.dirname, '../../web/src/gql', MANIFEST_FILE),
];

export const NOT_REGISTERED = 'OPERATION_NOT_REGISTERED';

interface RequestBody {
  query?: unknown;
  extensions?: unknown;
}

/** The sha256 a body's `extensions.persistedQuery` names, if any. */
function namedHash(extensions: unknown): string | null {
  const pq = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery;
  return typeof pq?.sha256Hash === 'string' ? pq.sha256Hash : null;
}

/**
 * The text the BFF runs for a registered document: codegen's, plus `__typename` in every selection
 * set but the operation's root — what Apollo Client's cache adds before it prints a query, and
 * reads answers by (union members, normalisation). The web's types stay as generated.
 */
function withTypenames(text: string): string {
  const doc = visit(parse(text), {
    SelectionSet(node: SelectionSetNode, _key, parent: ASTNode | readonly ASTNode[] | undefined) {
      if (parent && 'kind' in parent && parent.kind === Kind.OPERATION_DEFINITION) return undefined;
      if (node.selections.some((s) => s.kind === Kind.FIELD && !s.alias && s.name.value === '__typename'))
        return undefined;
      return {
        ...node,
        selections: [...node.selections, { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }],
      };
    },
  });
  return print(doc);
}

export class TrustedDocuments {
  private constructor(
    private readonly byHash: ReadonlyMap<string, string>,
    /** The file read, or null (none found: development without codegen). */
    readonly file: string | null,
  ) {}

  /** Reads the manifest; `required` (enforced) makes a missing one an error, else an empty registry. */
  static load(required: boolean, candidates: readonly string[] = MANIFEST_CANDIDATES): TrustedDocuments {
    const file = candidates.find((f) => existsSync(f));
    if (!file) {
      if (required)
        throw new ConfigError([
          `Falta ${MANIFEST_FILE} (las operaciones registradas de la web): ejecute npm run build. Buscado en: ${candidates.join(', ')}`,
        ]);
      return new TrustedDocuments(new Map(), null);
    }
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    return new TrustedDocuments(new Map(Object.entries(raw).map(([hash, text]) => [hash, withTypenames(text)])), file);
  }

  get size(): number {
    return this.byHash.size;
  }

  /** The text run for a registered hash. */
  text(hash: string): string | undefined {
    return this.byHash.get(hash);
  }

  /**
   * Apollo Server's persisted-query cache: reads the registry and registers nothing (a client
   * sending text with a hash of its own choosing leaves no trace for the next request).
   */
  readonly apqCache = {
    // Apollo prefixes the keys of the cache it is given ('apq:').
    get: async (key: string) => this.byHash.get(key.slice(key.indexOf(':') + 1)),
    set: async () => undefined,
    delete: async () => false,
  };

  /**
   * The document text a public-cache key is made of: a registered hash's text, or (not enforced)
   * the free text sent. Null: not a request the cache may answer (unknown hash, text alongside a
   * hash, or free text where only registered operations run) — Apollo answers it.
   */
  documentOf(body: RequestBody, enforced: boolean): string | null {
    const hash = namedHash(body.extensions);
    if (hash !== null) return body.query === undefined ? (this.byHash.get(hash) ?? null) : null;
    return !enforced && typeof body.query === 'string' ? body.query : null;
  }

  /** Does the request name a hash and send no text (Apollo then runs the registered one, or says it is unknown)? */
  private byHashOnly(req: Request): boolean {
    if (req.method === 'GET') {
      const q = req.query as Record<string, unknown>;
      if (q.query !== undefined || typeof q.extensions !== 'string') return false;
      try {
        return namedHash(JSON.parse(q.extensions)) !== null;
      } catch {
        return false;
      }
    }
    const body = req.body as RequestBody | undefined;
    return body?.query === undefined && namedHash(body?.extensions) !== null;
  }

  /** Text with a hash is allowed when the hash is registered (Apollo checks the text matches it). */
  private registeredWithText(req: Request): boolean {
    const source =
      req.method === 'GET' ? (req.query as Record<string, unknown>).extensions : (req.body as RequestBody)?.extensions;
    let extensions = source;
    if (typeof source === 'string') {
      try {
        extensions = JSON.parse(source);
      } catch {
        return false;
      }
    }
    const hash = namedHash(extensions);
    return hash !== null && this.byHash.has(hash);
  }

  /**
   * The refusal for a request that may not run free text here, or null. Called with the viewer
   * (API tokens are `INTEGRATION`), before Apollo parses anything.
   */
  refusal(
    req: Request,
    viewer: Viewer | null,
    policy: { enforced: boolean; staffFreeText: boolean },
  ): GraphQLError | null {
    if (!policy.enforced || viewer?.kind === 'INTEGRATION') return null;
    if (policy.staffFreeText && isStaffRole(viewer?.realRole)) return null;
    if (this.byHashOnly(req) || this.registeredWithText(req)) return null;
    return new GraphQLError(TRUSTED_DOCUMENT_MESSAGES.notRegistered, {
      extensions: { code: NOT_REGISTERED, http: { status: 400 } },
    });
  }
}
