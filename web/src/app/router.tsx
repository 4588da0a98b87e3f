import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { ROLE, type RoleId } from '@bolsa/domain';
import { HomePage } from '../features/board/HomePage';
import { VacanciesPage } from '../features/board/VacanciesPage';
import { VacancyDetailRoute } from '../features/board/VacancyDetailRoute';
import { AppLayout } from '../features/shell/AppLayout';

/*
 * Declarative routing (useRoutes) rather than a data router: the board needs no loaders or
 * actions, and the data router would add about 17 KB of gzipped script to every public page.
 */

/** Who may open a route (spec 1 §2.1), kept in each route's handle for the guard that comes with sessions. */
export type Audience = RoleId | 'anonymous';
export interface RouteAccess {
  audience: readonly Audience[] | 'anyone';
}

const STAFF = [ROLE.ADMIN, ROLE.MANAGER, ROLE.VIEWER] as const;
const EDITORS = [ROLE.ADMIN, ROLE.MANAGER] as const;
const ADMINS = [ROLE.ADMIN] as const;
const CANDIDATES = [ROLE.CANDIDATE] as const;
const BOARD = ['anonymous', ROLE.CANDIDATE] as const;

function access(audience: RouteAccess['audience']): { handle: RouteAccess } {
  return { handle: { audience } };
}

function lazyNamed<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/** Staff code is a separate chunk, fetched only when a /panel… address is opened. */
const PanelLayout = lazyNamed(() => import('../features/panel/PanelLayout'), 'PanelLayout');
const FaqPage = lazyNamed(() => import('../features/faq/FaqPage'), 'FaqPage');
// Vacancy back office (issue 4): each screen is its own chunk.
const PanelPage = lazyNamed(() => import('../features/backoffice/PanelPage'), 'PanelPage');
const VacancyManagementPage = lazyNamed(
  () => import('../features/backoffice/VacancyManagementPage'),
  'VacancyManagementPage',
);
const CreateVacancyPage = lazyNamed(() => import('../features/backoffice/CreateVacancyPage'), 'CreateVacancyPage');
const EditVacancyPage = lazyNamed(() => import('../features/backoffice/EditVacancyPage'), 'EditVacancyPage');
const VacancyViewPage = lazyNamed(() => import('../features/backoffice/VacancyViewPage'), 'VacancyViewPage');

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

/** Screens declared by the spec but not built yet render nothing. */
const notYet = { element: null };

const PANEL_CHILDREN: RouteObject[] = [
  { index: true, ...panelScreen(PanelPage), ...access(STAFF) },
  { path: 'plazas', ...panelScreen(VacancyManagementPage), ...access(STAFF) },
  { path: 'plazas/candidatos/:id', ...notYet, ...access(STAFF) },
  { path: 'candidatoporplaza', ...notYet, ...access(STAFF) },
  { path: 'detallecandidato/:id', ...notYet, ...access(STAFF) },
  { path: 'candidatos', ...notYet, ...access(STAFF) },
  { path: 'plazas/vista-vacante', ...panelScreen(VacancyViewPage), ...access(STAFF) },
  { path: 'asignacionpruebas/:id', ...notYet, ...access(STAFF) },
  { path: 'asignacionentrevista/:id', ...notYet, ...access(STAFF) },
  { path: 'plazas/crear', ...panelScreen(CreateVacancyPage), ...access(EDITORS) },
  { path: 'plazas/crear-vacante', ...panelScreen(CreateVacancyPage), ...access(EDITORS) },
  { path: 'plazas/editar', ...panelScreen(EditVacancyPage), ...access(EDITORS) },
  { path: 'plazas/editar-vacante', ...panelScreen(EditVacancyPage), ...access(EDITORS) },
  { path: 'historial', ...notYet, ...access(EDITORS) },
  { path: 'usuarios', ...notYet, ...access(ADMINS) },
];

/**
 * Any other address. Spec 1 §2.1: a candidate goes to /perfil and staff to /panel; there are no
 * sessions in the web yet, so every visitor is anonymous and goes home.
 */
function CatchAll() {
  return <Navigate to="/" replace />;
}

/** The whole route table of spec 1 §2.1, in one place. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage />, ...access(BOARD) },
      {
        path: 'vacantes',
        element: <VacanciesPage />,
        ...access(BOARD),
        children: [{ path: ':id', element: <VacancyDetailRoute /> }],
      },
      { path: 'perfil', ...notYet, ...access(CANDIDATES) },
      { path: 'reclutadores/login', ...notYet, ...access('anyone') },
      {
        path: 'preguntas-frecuentes',
        element: (
          <Deferred>
            <FaqPage />
          </Deferred>
        ),
        ...access('anyone'),
      },
      {
        path: 'panel',
        element: (
          <Deferred>
            <PanelLayout />
          </Deferred>
        ),
        ...access(STAFF),
        children: PANEL_CHILDREN,
      },
      {
        path: 'vista-previa',
        element: (
          <Deferred>
            <PanelLayout />
          </Deferred>
        ),
        ...access(STAFF),
        children: [{ index: true, ...notYet }],
      },
      { path: '*', element: <CatchAll /> },
    ],
  },
];

/** Renders the route table; put it inside a BrowserRouter (or a MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
