import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Container,
  Group,
  List,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconBriefcase, IconEdit, IconSearch, IconUser } from '@tabler/icons-react';
import { PROFILE_MESSAGES as M } from '@bolsa/domain';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageTitle } from '../../lib/site';
import { ErrorPanel } from '../../components/ErrorPanel';
import { useDocumentTitle } from '../../lib/document-title';
import type { ProfileFieldsFragment } from '../../gql/graphql';
import { useSession } from '../session';
import { MyApplications } from './MyApplications';
import { MyData } from './MyData';
import { MY_PROFILE } from './operations';
import { profileGaps } from './profile-gaps';
import { ProfileForm } from './ProfileForm';
import { ProfileView } from './ProfileView';
import { useFocusWhenLost } from '../../lib/focus-nowhere';

type Tab = 'postulaciones' | 'perfil';

function ProfileBanner({
  profile,
  editing,
  onComplete,
}: {
  profile: ProfileFieldsFragment;
  editing: boolean;
  onComplete: () => void;
}) {
  const gaps = profileGaps(profile);
  if (!gaps.showBanner) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Tu perfil está incompleto"
      role="region"
      // Mantine's yellow title on the light yellow background is too faint to read (contrast).
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">Completa tus datos y documentos para postularte con tu perfil y que GTH pueda evaluarte.</Text>
        {gaps.missing.length > 0 ? (
          <>
            <Text size="sm" fw={600}>
              Falta:
            </Text>
            <List size="sm" spacing={2} style={{ columns: '2 12rem' }}>
              {gaps.missing.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text size="sm">Revisa y guarda tu perfil para confirmarlo.</Text>
        )}
        {!editing && (
          <Group>
            <Button size="sm" onClick={onComplete}>
              {M.bannerAction}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

function ProfileTab({
  profile,
  editing,
  setEditing,
}: {
  profile: ProfileFieldsFragment;
  editing: boolean;
  setEditing: (editing: boolean) => void;
}) {
  const { refresh } = useSession();
  // 'Editar' goes away as the form opens, and the form's buttons as it closes (saved or
  // cancelled): focus would fall to the page's body, and a keyboard or screen-reader user would
  // start again from the top. The view's heading takes it, as nothing else has it by then.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhenLost(editing, heading, { preventScroll: true });
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h3" ref={heading} tabIndex={-1}>
          {editing ? 'Editar perfil' : 'Mi Perfil'}
        </Title>
        {!editing && (
          <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)}>
            {profile.complete ? 'Editar' : 'Completar Perfil'}
          </Button>
        )}
      </Group>
      {editing ? (
        <ProfileForm
          profile={profile}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            // The name in the navigation bar comes from the session.
            void refresh();
          }}
        />
      ) : (
        <>
          <ProfileView profile={profile} />
          <MyData />
        </>
      )}
    </Stack>
  );
}

/**
 * /perfil (spec 1 §2.7): 'Mis Postulaciones' and 'Mi Perfil', the incomplete-profile banner,
 * 'Ver vacantes'. The address says which tab is open and whether the profile is being edited
 * (?tab=perfil&editar=1), so the gate's 'Ir a mi perfil' opens the form.
 */
export function CandidateAreaPage() {
  const { viewer } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'perfil' ? 'perfil' : 'postulaciones';
  const editing = tab === 'perfil' && params.get('editar') === '1';
  const { data, loading, error, refetch } = useQuery(MY_PROFILE, {
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const profile = data?.myProfile ?? null;
  useDocumentTitle(pageTitle(tab === 'perfil' ? 'Mi Perfil' : 'Mis Postulaciones'));

  const setTab = (next: Tab, edit = false) =>
    setParams(next === 'perfil' ? (edit ? { tab: 'perfil', editar: '1' } : { tab: 'perfil' }) : {}, {
      replace: true,
    });
  const setEditing = (edit: boolean) => setTab('perfil', edit);

  // Opening the edit form (from the gate, the banner or the button) and leaving it (saved or
  // cancelled) both start at the top of the page, not in the middle of the other view.
  const top = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (editing !== wasEditing.current || editing) top.current?.scrollIntoView?.({ block: 'start' });
    wasEditing.current = editing;
  }, [editing]);

  const c = viewer?.candidate;
  const name = profile?.fullName ?? ([c?.firstName, c?.firstSurname].filter(Boolean).join(' ') || viewer?.name);

  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm" ref={top}>
          <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {viewer?.email && (
              <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {viewer.email}
              </Text>
            )}
          </div>
          <Button component={Link} to="/" variant="outline" leftSection={<IconSearch size={16} aria-hidden />}>
            Ver vacantes
          </Button>
        </Group>

        {profile && <ProfileBanner profile={profile} editing={editing} onComplete={() => setTab('perfil', true)} />}

        <Tabs value={tab} onChange={(v) => setTab(v === 'perfil' ? 'perfil' : 'postulaciones')} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="postulaciones" leftSection={<IconBriefcase size={16} aria-hidden />}>
              Mis Postulaciones
            </Tabs.Tab>
            <Tabs.Tab value="perfil" leftSection={<IconUser size={16} aria-hidden />}>
              Mi Perfil
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="postulaciones">
            {/* The cards' titles are h3 under this heading (the tab's label is not one). */}
            <VisuallyHidden component="h2">Mis Postulaciones</VisuallyHidden>
            <MyApplications />
          </Tabs.Panel>
          <Tabs.Panel value="perfil">
            {profile ? (
              <ProfileTab profile={profile} editing={editing} setEditing={setEditing} />
            ) : error ? (
              <ErrorPanel
                title={M.loadFailed}
                error={error}
                operationName="MyProfile"
                onRetry={() => void refetch().catch(() => undefined)}
                retrying={loading}
              />
            ) : loading ? (
              <Stack gap="md" aria-busy="true" aria-label="Cargando perfil">
                <Skeleton h={160} radius="md" />
                <Skeleton h={240} radius="md" />
              </Stack>
            ) : (
              <Alert color="red" variant="light" title={M.loadFailed} role="alert">
                Intenta nuevamente más tarde.
              </Alert>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
