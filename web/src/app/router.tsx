import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { homeOf, ROLE, ROUTES, type Audience, type RoleId, type RouteRule } from '@bolsa/domain';
import { LoginPromptProvider } from '../features/accounts';
import { ApplicationRoute } from '../features/applications';
import { CandidateProfileGate } from '../features/candidate-area';
import { backgroundOf, HomePage, VacanciesPage, VacancyDetailOverlay, VacancyDetailRoute } from '../features/board';
import { AppLayout } from './shell/AppLayout';
import { SessionProvider, useSession } from '../features/session';

/*
 * Declarative routing (useRoutes) rather than a data router: the board needs no loaders or
 * actions, and the data router would add about 17 KB of gzipped script to every public page.
 */

/** Who may open a route (spec 1 §2.1), kept in each route's handle for the guard below. */
export type { Audience };
export interface RouteAccess {
  audience: RouteRule['audience'];
}

/** The audience of `path` in domain's route table (ROUTES), the one home of who may open what. */
function access(path: RouteRule['path']): { handle: RouteAccess } {
  const rule = ROUTES.find((r) => r.path === path);
  if (!rule) throw new Error(`La ruta ${path} no está en la tabla de rutas del dominio (ROUTES).`);
  return { handle: { audience: rule.audience } };
}

function lazyNamed<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/** Staff code is a separate chunk, fetched only when a /panel… address is opened. */
const PanelLayout = lazyNamed(() => import('../features/panel/PanelLayout'), 'PanelLayout');
const FaqPage = lazyNamed(() => import('../features/board/FaqPage'), 'FaqPage');
// Vacancy back office (issue 4): each screen is its own chunk.
const PanelPage = lazyNamed(() => import('../features/panel/PanelPage'), 'PanelPage');
const VacancyManagementPage = lazyNamed(
  () => import('../features/vacancies/VacancyManagementPage'),
  'VacancyManagementPage',
);
const CreateVacancyPage = lazyNamed(() => import('../features/vacancies/CreateVacancyPage'), 'CreateVacancyPage');
const EditVacancyPage = lazyNamed(() => import('../features/vacancies/EditVacancyPage'), 'EditVacancyPage');
const VacancyViewPage = lazyNamed(() => import('../features/vacancies/VacancyViewPage'), 'VacancyViewPage');
const PreviewEntryPage = lazyNamed(() => import('../features/vacancies/PreviewEntryPage'), 'PreviewEntryPage');
// Account screens carry the login rules (the CUI check brings the list of municipalities): on demand too.
const RecruiterLoginRoute = lazyNamed(() => import('../features/accounts/RecruiterLoginRoute'), 'RecruiterLoginRoute');
const UsersPage = lazyNamed(() => import('../features/users/UsersPage'), 'UsersPage');
// The e-mail templates (issue 24).
const EmailTemplatesPage = lazyNamed(() => import('../features/email-templates'), 'EmailTemplatesPage');
const AuditLogPage = lazyNamed(() => import('../features/audit-log'), 'AuditLogPage');
const RetentionPage = lazyNamed(() => import('../features/retention'), 'RetentionPage');
// Candidate pipeline (issue 11).
const CandidateDetailPage = lazyNamed(
  () => import('../features/candidates/detail/CandidateDetailPage'),
  'CandidateDetailPage',
);
const CandidatesInboxPage = lazyNamed(
  () => import('../features/candidates/inbox/CandidatesInboxPage'),
  'CandidatesInboxPage',
);
const CandidateHistoryPage = lazyNamed(
  () => import('../features/candidates/history/CandidateHistoryPage'),
  'CandidateHistoryPage',
);
const CandidatesByVacancyPage = lazyNamed(
  () => import('../features/candidates/by-vacancy/CandidatesByVacancyPage'),
  'CandidatesByVacancyPage',
);
// The candidate area (issue 10): only candidates fetch it.
// The vacancy board (issue 23): dnd-kit comes with this chunk only.
const VacancyBoardPage = lazyNamed(() => import('../features/vacancy-board/VacancyBoardPage'), 'VacancyBoardPage');
const InterviewSchedulingPage = lazyNamed(
  () => import('../features/interviews/InterviewSchedulingPage'),
  'InterviewSchedulingPage',
);
const CandidateAreaPage = lazyNamed(() => import('../features/candidate-area/CandidateAreaPage'), 'CandidateAreaPage');
const DocumentRequestPage = lazyNamed(
  () => import('../features/candidate-area/DocumentRequestPage'),
  'DocumentRequestPage',
);

// The funnel report (issue 12): its chart library is fetched only here.
const FunnelReportPage = lazyNamed(() => import('../features/reports/FunnelReportPage'), 'FunnelReportPage');

const CandidateTestsPage = lazyNamed(
  () => import('../features/candidate-tests/CandidateTestsPage'),
  'CandidateTestsPage',
);

function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** A lazily loaded screen inside the panel, with its own boundary so the layout stays while it loads. */
function panelScreen(Screen: ComponentType): Pick<RouteObject, 'element'> {
  return {
    element: (
      <Deferred>
        <Screen />
      </Deferred>
    ),
  };
}

const PANEL_CHILDREN: RouteObject[] = [
  { index: true, ...panelScreen(PanelPage), ...access('/panel') },
  { path: 'plazas', ...panelScreen(VacancyManagementPage), ...access('/panel/plazas') },
  { path: 'plazas/candidatos/:id', ...panelScreen(CandidatesByVacancyPage), ...access('/panel/plazas/candidatos/:id') },
  { path: 'plazas/:id/tablero', ...panelScreen(VacancyBoardPage), ...access('/panel/plazas/:id/tablero') },
  { path: 'candidatoporplaza', ...panelScreen(CandidatesByVacancyPage), ...access('/panel/candidatoporplaza') },
  { path: 'detallecandidato/:id', ...panelScreen(CandidateDetailPage), ...access('/panel/detallecandidato/:id') },
  { path: 'candidatos', ...panelScreen(CandidatesInboxPage), ...access('/panel/candidatos') },
  { path: 'plazas/vista-vacante', ...panelScreen(VacancyViewPage), ...access('/panel/plazas/vista-vacante') },
  { path: 'asignacionpruebas/:id', ...panelScreen(CandidateTestsPage), ...access('/panel/asignacionpruebas/:id') },
  {
    path: 'asignacionentrevista/:id',
    ...panelScreen(InterviewSchedulingPage),
    ...access('/panel/asignacionentrevista/:id'),
  },
  { path: 'plazas/crear', ...panelScreen(CreateVacancyPage), ...access('/panel/plazas/crear') },
  { path: 'plazas/crear-vacante', ...panelScreen(CreateVacancyPage), ...access('/panel/plazas/crear-vacante') },
  { path: 'plazas/editar', ...panelScreen(EditVacancyPage), ...access('/panel/plazas/editar') },
  { path: 'plazas/editar-vacante', ...panelScreen(EditVacancyPage), ...access('/panel/plazas/editar-vacante') },
  { path: 'historial', ...panelScreen(CandidateHistoryPage), ...access('/panel/historial') },
  { path: 'reportes', ...panelScreen(FunnelReportPage), ...access('/panel/reportes') },
  { path: 'usuarios', element: <UsersPage />, ...access('/panel/usuarios') },
  { path: 'plantillas', ...panelScreen(EmailTemplatesPage), ...access('/panel/plantillas') },
  { path: 'auditoria', ...panelScreen(AuditLogPage), ...access('/panel/auditoria') },
  { path: 'retencion', ...panelScreen(RetentionPage), ...access('/panel/retencion') },
];

/**
 * The route guard of spec 1 §2.1 / spec 2 §2: where `role` (null: anonymous) is sent when it
 * opens `pathname`, or null to let it stay. A route without a handle takes its parent's.
 */
export function guardRedirect(pathname: string, role: RoleId | null): string | null {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (matches.length === 0 || matches.at(-1)?.route.path === '*') return null; // CatchAll decides
  const audience =
    matches
      .map((m) => (m.route.handle as RouteAccess | undefined)?.audience)
      .filter((a) => a !== undefined)
      .at(-1) ?? 'anyone';
  if (audience === 'anyone') return null;
  if (role === null) return audience.includes('anonymous') ? null : '/';
  if (audience.includes(role)) return null;
  // The spec sends a user whose role is not allowed to /panel. /panel itself is not allowed to a
  // candidate, so followed literally a candidate on a staff address would loop: a candidate
  // lands on /perfil instead (its own home, as for unknown addresses).
  if (role === ROLE.CANDIDATE) return '/perfil';
  return '/panel';
}

/** Renders the matched screen, or replaces the address when the guard says so. */
function RouteGuard() {
  const { viewer } = useSession();
  const { pathname } = useLocation();
  const target = guardRedirect(pathname, viewer?.roleId ?? null);
  if (target !== null && target !== pathname) return <Navigate to={target} replace />;
  return <Outlet />;
}

/** Any other address (spec 1 §2.1): a candidate goes to /perfil, staff to /panel, anyone else to /. */
function CatchAll() {
  const { viewer } = useSession();
  return <Navigate to={homeOf(viewer?.roleId ?? null)} replace />;
}

/** The whole route table of spec 1 §2.1, in one place. */
export const routes: RouteObject[] = [
  {
    element: (
      <AppLayout>
        <RouteGuard />
      </AppLayout>
    ),
    children: [
      { index: true, element: <HomePage />, ...access('/') },
      {
        path: 'vacantes',
        element: <VacanciesPage />,
        ...access('/vacantes'),
        children: [
          { path: ':id', element: <VacancyDetailRoute /> },
          // The application form's shareable address (issue 9), over the board like the detail.
          { path: ':id/postular', element: <ApplicationRoute /> },
        ],
      },
      {
        path: 'perfil',
        element: (
          <Deferred>
            <CandidateAreaPage />
          </Deferred>
        ),
        ...access('/perfil'),
      },
      {
        // The document-update e-mail's signed link (issue 12): a visitor without session stays to
        // log in and come back; the page itself lets only the candidate it was sent to through.
        path: 'perfil/documentos/:token',
        element: (
          <Deferred>
            <DocumentRequestPage />
          </Deferred>
        ),
        ...access('/perfil/documentos/:token'),
      },
      {
        path: 'reclutadores/login',
        element: (
          <>
            <HomePage />
            <Deferred>
              <RecruiterLoginRoute />
            </Deferred>
          </>
        ),
        ...access('/reclutadores/login'),
      },
      {
        path: 'preguntas-frecuentes',
        element: (
          <Deferred>
            <FaqPage />
          </Deferred>
        ),
        ...access('/preguntas-frecuentes'),
      },
      {
        path: 'panel',
        element: (
          <Deferred>
            <PanelLayout />
          </Deferred>
        ),
        ...access('/panel'),
        children: PANEL_CHILDREN,
      },
      {
        path: 'vista-previa',
        element: (
          <Deferred>
            <PanelLayout />
          </Deferred>
        ),
        ...access('/vista-previa'),
        children: [{ index: true, ...panelScreen(PreviewEntryPage) }],
      },
      { path: '*', element: <CatchAll /> },
    ],
  },
];

/**
 * Renders the route table behind the session (a spinner until `me` is known, unless
 * `knownAnonymous`: see SessionProvider); put it inside a BrowserRouter (or a MemoryRouter in
 * tests and the prerender).
 */
export function AppRoutes({ knownAnonymous = false }: { knownAnonymous?: boolean }) {
  const location = useLocation();
  // A vacancy opened from a board page keeps that page rendered below its dialog.
  const background = backgroundOf(location);
  const element = useRoutes(routes, background ?? location);
  // The login dialog is shared by the page and the dialog over it (the application form's
  // 'inicia sesión' link), so its provider wraps both.
  return (
    <SessionProvider knownAnonymous={knownAnonymous}>
      <LoginPromptProvider>
        {element}
        {background && <VacancyDetailOverlay />}
        <CandidateProfileGate />
      </LoginPromptProvider>
    </SessionProvider>
  );
}
