import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLinkOff, IconLogin, IconUser } from '@tabler/icons-react';
import {
  DOCUMENT_KIND_INFO,
  DOCUMENT_REQUEST_MESSAGES,
  formatDateTime,
  requestedKinds,
  ROLE,
  type RequestableKind,
} from '@bolsa/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { pageTitle } from '../../lib/site';
import { ErrorPanel } from '../../components/ErrorPanel';
import { FileDrop } from '../../components/FileDrop';
import type { DocumentRequestQuery } from '../../gql/graphql';
import { useDocumentTitle } from '../../lib/document-title';
import { FileUploadFailed, useFileUploads } from '../../lib/use-file-uploads';
import { useLoginPrompt } from '../accounts';
import { useSession } from '../session';
import { DOCUMENT_REQUEST, FULFIL_DOCUMENT_REQUEST } from './operations';

const TITLE = 'Actualiza tus documentos';

/** The page's own wording; the link's refusal is the domain's, the same the api answers. */
export const REQUEST_PAGE_MESSAGES = {
  linkInvalid: DOCUMENT_REQUEST_MESSAGES.linkInvalid,
  loadFailed: 'No se pudo cargar la solicitud de documentos.',
  sent: 'Documentos enviados',
  sendFailed: 'No se pudieron enviar los documentos. Intenta nuevamente.',
  missing: 'Adjunta cada documento solicitado para enviarlos.',
} as const;
const MSG = REQUEST_PAGE_MESSAGES;

type RequestView = NonNullable<DocumentRequestQuery['documentRequest']>;

function ToProfile() {
  return (
    <Button component={Link} to="/perfil" leftSection={<IconUser size={16} aria-hidden />}>
      Mi Perfil
    </Button>
  );
}

/** One card for the ends of the journey: the link is no good, or the documents were sent. */
function Outcome({ kind }: { kind: 'invalid' | 'sent' }) {
  const sent = kind === 'sent';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color={sent ? 'green' : 'red'}>
          {sent ? <IconCircleCheck size={28} aria-hidden /> : <IconLinkOff size={28} aria-hidden />}
        </ThemeIcon>
        <Title order={2} fz="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {sent ? MSG.sent : MSG.linkInvalid}
        </Title>
        <Text size="sm" c="dimmed" maw={420}>
          {sent
            ? 'Recibimos tus documentos: reemplazan a los anteriores en tu perfil y en tu postulación.'
            : 'Si aún necesitas actualizar tus documentos, puedes hacerlo desde tu perfil o pedir a Gestión de Talento Humano un nuevo enlace.'}
        </Text>
        <ToProfile />
      </Stack>
    </Card>
  );
}

function RequestForm({
  token,
  request,
  onSent,
  onInvalid,
}: {
  token: string;
  request: RequestView;
  onSent: () => void;
  onInvalid: () => void;
}) {
  const kinds = requestedKinds(request.documents);
  const files = useFileUploads<RequestableKind>(kinds, () => 'requested-document');
  const [fulfil, { loading }] = useMutation(FULFIL_DOCUMENT_REQUEST);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = kinds.every((k) => files.slots[k].file !== null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setFailure(null);
    setBusy(true);
    try {
      const ids = await files.ensureUploaded(kinds);
      const uploads = kinds.map((kind) => ({ kind, uploadId: ids[kind] ?? '' }));
      if (uploads.some((u) => !u.uploadId)) {
        setFailure(MSG.missing);
        return;
      }
      const { data } = await fulfil({ variables: { token, uploads } });
      const result = data?.fulfilDocumentRequest;
      if (result?.ok) {
        onSent();
        return;
      }
      if (result?.error?.__typename === 'DocumentRequestInvalid') {
        onInvalid();
        return;
      }
      // A refused page's files were deleted by the server (issue 22): the next try sends them again.
      if (result?.error) files.spent();
      setFailure(result?.error?.__typename === 'ValidationFailed' ? result.error.message : MSG.sendFailed);
    } catch (error) {
      // A refused file already says why under its drop area.
      setFailure(error instanceof FileUploadFailed ? error.message : MSG.sendFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Documentos solicitados">
      <Stack gap="md">
        {kinds.map((kind) => (
          <FileDrop
            key={kind}
            id={`solicitud-${kind.toLowerCase()}`}
            label={DOCUMENT_KIND_INFO[kind].label}
            purpose="requested-document"
            slot={files.slots[kind]}
            required
            onSelect={(f) => files.select(kind, f)}
            onReject={(m) => files.reject(kind, m)}
            onClear={() => files.clear(kind)}
          />
        ))}
        {failure && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!ready} loading={busy || loading}>
            Enviar documentos
          </Button>
        </Group>
        {!ready && (
          <Text size="xs" c="dimmed" ta="right">
            {MSG.missing}
          </Text>
        )}
      </Stack>
    </form>
  );
}

function CandidateRequest({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<'sent' | 'invalid' | null>(null);
  const { data, loading, error, refetch } = useQuery(DOCUMENT_REQUEST, {
    variables: { token },
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
  const request = data?.documentRequest;

  if (outcome) return <Outcome kind={outcome} />;
  if (loading && !data)
    return (
      <Stack gap="md" aria-busy="true">
        <Text size="sm" c="dimmed">
          Cargando solicitud…
        </Text>
        <Skeleton h={20} w="60%" />
        <Skeleton h={120} />
      </Stack>
    );
  if (error && !data)
    return (
      <ErrorPanel
        title={MSG.loadFailed}
        error={error}
        operationName="DocumentRequest"
        onRetry={() => void refetch()}
        retrying={loading}
      />
    );
  if (!request || request.fulfilled || requestedKinds(request.documents).length === 0)
    return <Outcome kind="invalid" />;

  const expires = formatDateTime(request.expiresAt);
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="xs">
          {request.vacancyName && (
            <Text size="sm">
              <Text span c="dimmed">
                Vacante:{' '}
              </Text>
              <Text span fw={600}>
                {request.vacancyName}
              </Text>
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Mensaje de Gestión de Talento Humano:
          </Text>
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{request.comment}</Text>
          {expires && (
            <Text size="xs" c="dimmed">
              El enlace vence el {expires}.
            </Text>
          )}
        </Stack>
      </Card>
      <RequestForm
        token={token}
        request={request}
        onSent={() => setOutcome('sent')}
        onInvalid={() => setOutcome('invalid')}
      />
    </Stack>
  );
}

/** Anonymous: the link needs the candidate's own session; logging in comes back here. */
function LoginFirst() {
  const { openLogin } = useLoginPrompt();
  const { pathname } = useLocation();
  const login = () => openLogin(null, { returnTo: pathname });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    login();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" gap="md" ta="center">
        <Text>Inicia sesión con tu cuenta de candidato para ver los documentos que se te solicitan.</Text>
        <Button leftSection={<IconLogin size={16} aria-hidden />} onClick={login}>
          Iniciar sesión
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * /perfil/documentos/:token (spec 3 §2.6, issue 12): the page the document-update e-mail links
 * to. The candidate, logged in as themselves, re-uploads exactly the requested documents; any
 * link that is unknown, expired, used or someone else's reads the same.
 */
export function DocumentRequestPage() {
  const { token = '' } = useParams();
  const { viewer } = useSession();
  useDocumentTitle(pageTitle(TITLE));
  const candidate = viewer?.roleId === ROLE.CANDIDATE;
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {TITLE}
        </Title>
        {!viewer ? <LoginFirst /> : candidate ? <CandidateRequest token={token} /> : <Outcome kind="invalid" />}
      </Stack>
    </Container>
  );
}
