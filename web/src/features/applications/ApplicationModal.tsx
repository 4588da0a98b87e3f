import { useQuery } from '@apollo/client/react';
import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { APPLICATION_MESSAGES, BOARD_VACANCY_MESSAGES, ROLE } from '@bolsa/domain';
import { Link } from 'react-router';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { BodyLayer, usePhoneDialog } from '../../components/dialog-layer';
import { NoticeBody } from '../../components/dialogs';
import { VacancyLoadFailed } from '../../components/VacancyLoadFailed';
import { pageTitle } from '../../lib/site';
import { useDocumentTitle } from '../../lib/document-title';
import { useLoginPrompt } from '../accounts';
import { useSession } from '../session';
import { ApplicationForm, type Dialog } from './ApplicationForm';
import { forgetDraft, keepDraft, peekDraft } from './draft';
import { applicationPath } from './paths';
import { prefillFromProfile, type ApplicationPrefill } from './form-values';
import { APPLICATION_CHECK, APPLICATION_PROFILE, APPLICATION_VACANCY } from './operations';

export const VACANCY_UNAVAILABLE = BOARD_VACANCY_MESSAGES.unavailable;

export interface ApplicationModalProps {
  vacancyId: string;
  onClose: () => void;
}

/**
 * The application form's modal (spec 1 §2.6). A logged-in candidate (role 4) applies in
 * full mode as themselves; anyone else in the guest's short mode.
 */
export function ApplicationModal({ vacancyId, onClose }: ApplicationModalProps) {
  const { viewer } = useSession();
  const { openLogin } = useLoginPrompt();
  const phone = usePhoneDialog();
  const { data, loading, error, refetch } = useQuery(APPLICATION_VACANCY, { variables: { id: vacancyId } });
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Read while rendering (React may render twice), forgotten once the form has opened.
  const [draft] = useState(() => peekDraft(vacancyId));
  useEffect(() => forgetDraft(vacancyId), [vacancyId]);

  const registered = viewer?.roleId === ROLE.CANDIDATE;
  // A logged-in candidate's form starts from their profile, read fresh (the form takes its
  // initial values once). If it cannot be read, the session's name and e-mail will do.
  const profile = useQuery(APPLICATION_PROFILE, { skip: !registered, fetchPolicy: 'network-only' });
  // The server's day, not the device's: the api checks the dates against it, and a slow phone's
  // first date formatter in a time zone took it 0.1–0.2 s (issue 22). The form waits for it.
  const today = data?.today;
  const prefill: ApplicationPrefill | undefined =
    registered && today
      ? prefillFromProfile(profile.data?.myProfile, { name: viewer.name, email: viewer.email }, today)
      : undefined;

  // A candidate who already applied is told so before filling anything (issue 20); a check that
  // fails lets them see the form (the submission checks again).
  const me = profile.data?.myProfile;
  const check = useQuery(APPLICATION_CHECK, {
    variables: { vacancyId, dpi: me?.dpi?.replace(/\D/g, '') ?? '', email: me?.email ?? viewer?.email ?? '' },
    skip: !registered || profile.loading,
    fetchPolicy: 'no-cache',
  });
  const alreadyApplied = check.data?.applicationCheck.conflict === 'YA_APLICO';

  const vacancy = data?.vacancy;
  // The form's own title, over the board's 'Vacantes Disponibles' (issue 20).
  useDocumentTitle(vacancy ? pageTitle(`Postular: ${vacancy.name}`) : null, 2);
  const waiting = (loading && !data) || (registered && (profile.loading || check.loading));
  // Apollo hands each answer to React as an urgent update, rendered in one go: the whole form in one
  // task of ~0.25 s on a cheap phone. The skeleton gives way to the form in a deferred render
  // instead, in slices that yield to the browser (as the board's cards do, VacancyList); also when
  // the answers were already in the cache as the form opens (the initial `true`).
  const settling = useDeferredValue(waiting, true);
  let body: ReactNode;
  if (waiting || settling) body = <FormSkeleton />;
  else if (error && !data) body = <VacancyLoadFailed error={error} onRetry={() => void refetch()} />;
  else if (!data || !vacancy || !vacancy.active)
    body = (
      <Stack align="flex-start">
        {/* A link to a vacancy that never existed (a mistyped or cut address) says so, as the detail does. */}
        <Text>{vacancy ? VACANCY_UNAVAILABLE : BOARD_VACANCY_MESSAGES.notFound}</Text>
        <Button onClick={onClose}>Ver vacantes disponibles</Button>
      </Stack>
    );
  else if (alreadyApplied)
    body = (
      <Stack align="flex-start" gap="md">
        <Text fw={700} size="lg" component="h3" m={0}>
          {vacancy.name}
        </Text>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconInfoCircle size={28} color="var(--mantine-color-brand-7)" aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={4}>
            <Text fw={600}>{APPLICATION_MESSAGES.alreadyAppliedUser}</Text>
            <Text size="sm">{APPLICATION_MESSAGES.alreadyAppliedHint}</Text>
          </Stack>
        </Group>
        <Group gap="sm">
          <Button component={Link} to="/perfil" data-autofocus>
            {APPLICATION_MESSAGES.myApplications}
          </Button>
          <Button variant="default" onClick={onClose}>
            {APPLICATION_MESSAGES.otherVacancies}
          </Button>
        </Group>
      </Stack>
    );
  else
    body = (
      <ApplicationForm
        vacancy={{
          id: vacancy.id,
          name: vacancy.name,
          branchName: vacancy.branch?.name ?? null,
          place: vacancy.place ?? null,
        }}
        mode={registered ? 'registered' : 'guest'}
        today={data.today}
        viewerName={viewer?.name ?? null}
        prefill={prefill}
        busy={busy}
        onBusyChange={setBusy}
        onCancel={onClose}
        onDialog={setDialog}
        onApplied={onClose}
        draft={draft}
        onLogin={(written) => {
          // Back in this form after logging in, with what was written (issue 20).
          keepDraft(vacancyId, written);
          onClose();
          openLogin(vacancyId, { returnTo: applicationPath(vacancyId) });
        }}
      />
    );

  const acknowledge = () => {
    const after = dialog?.after;
    setDialog(null);
    after?.();
  };
  const Icon =
    dialog?.kind === 'success' ? IconCircleCheck : dialog?.kind === 'error' ? IconAlertCircle : IconInfoCircle;
  const color = `var(--mantine-color-${dialog?.kind === 'success' ? 'green-8' : dialog?.kind === 'error' ? 'red-8' : 'brand-7'})`;

  return (
    <BodyLayer>
      <Modal.Stack>
        <Modal
          stackId="postulacion"
          opened
          withinPortal={false}
          onClose={busy ? () => {} : onClose}
          title={APPLICATION_MESSAGES.formTitle}
          size="xl"
          fullScreen={phone}
          closeOnClickOutside={false}
          closeOnEscape={!busy}
          closeButtonProps={{ 'aria-label': 'Cerrar formulario de postulación', disabled: busy }}
          styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
        >
          {body}
        </Modal>
        <Modal
          stackId="aviso"
          withinPortal={false}
          opened={dialog !== null}
          onClose={acknowledge}
          title={dialog?.title ?? ''}
          centered
          size="sm"
          withCloseButton={false}
        >
          <NoticeBody
            message={dialog?.message ?? ''}
            icon={<Icon size={28} color={color} aria-hidden style={{ flexShrink: 0 }} />}
            onClose={acknowledge}
          />
        </Modal>
      </Modal.Stack>
    </BodyLayer>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Text size="sm" c="dimmed">
        Cargando formulario…
      </Text>
      <Skeleton h={28} w="60%" />
      <Skeleton h={60} />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} h={48} />
      ))}
    </Stack>
  );
}
