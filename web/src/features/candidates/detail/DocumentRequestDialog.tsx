import { useMutation } from '@apollo/client/react';
import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { usePhoneDialog } from '../../../components/dialog-layer';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  DOCUMENT_KIND_INFO,
  DOCUMENT_REQUEST_MESSAGES as M,
  documentRequestSchema,
  LIMITS,
  REQUESTABLE_KINDS,
  requestedKinds,
  type RequestableKind,
} from '@bolsa/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTrackDialog } from '../../../lib/dialog-activity';
import { toastSuccess } from '../../../lib/toast';
import { REQUEST_DOCUMENTS } from './operations';
import { LimitedTextarea } from '../../../components/LimitedText';

interface DocumentRequestDialogProps {
  opened: boolean;
  candidateId: string;
  fullName: string;
  email: string | null | undefined;
  onClose: () => void;
  /** After the request went out: the timeline shows it. */
  onSent: () => void;
}

interface Problems {
  documents?: string;
  comment?: string;
}

/**
 * 'Documentos a actualizar' (spec 3 §2.6, §5): the documents and a comment, then a confirmation
 * with the recipient, the documents and the comment before 'Enviar'. The e-mail carries the
 * candidate's signed link.
 */
export function DocumentRequestDialog({
  opened,
  candidateId,
  fullName,
  email,
  onClose,
  onSent,
}: DocumentRequestDialogProps) {
  useTrackDialog(opened);
  const mobile = usePhoneDialog();
  const [documents, setDocuments] = useState<RequestableKind[]>([]);
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [failure, setFailure] = useState<string | null>(null);
  const [send, { loading }] = useMutation(REQUEST_DOCUMENTS);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const firstCheckbox = useRef<HTMLInputElement>(null);
  const recipient = email?.trim() ?? '';

  // A fresh dialog every time it opens: nothing left from the last request.
  useEffect(() => {
    if (!opened) return;
    setDocuments([]);
    setComment('');
    setProblems({});
    setStep('edit');
    setFailure(null);
  }, [opened]);

  // Moving between the steps keeps the keyboard where the new step starts.
  useEffect(() => {
    if (!opened) return;
    if (step === 'confirm') confirmHeading.current?.focus();
  }, [step, opened]);

  // The spec's order, whatever order they were ticked in.
  const chosen = requestedKinds(documents);

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!recipient) return;
    const parsed = documentRequestSchema().safeParse({
      documents: chosen.map((k) => DOCUMENT_KIND_INFO[k].key!),
      notes: comment,
    });
    if (!parsed.success) {
      const next: Problems = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'documents') next.documents ??= issue.message;
        else if (issue.path[0] === 'notes') next.comment ??= issue.message;
      }
      setProblems(next);
      return;
    }
    setProblems({});
    setFailure(null);
    setStep('confirm');
  };

  const submit = async () => {
    if (loading) return;
    setFailure(null);
    try {
      const { data } = await send({ variables: { candidateId, documents: chosen, comment: comment.trim() } });
      const result = data?.requestDocuments;
      if (result?.request && result.emailQueued && !result.error) {
        toastSuccess(M.sent, `Se notificó a ${recipient}.`);
        onSent();
        onClose();
        return;
      }
      // A validation refusal says what to fix; anything else is the spec's failure.
      setFailure(result?.error?.__typename === 'ValidationFailed' ? result.error.message : M.failed);
    } catch {
      setFailure(M.failed);
    }
  };

  const back = () => {
    setStep('edit');
    setFailure(null);
    // After the edit step renders again.
    setTimeout(() => firstCheckbox.current?.focus(), 0);
  };

  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onClose}
      title="Documentos a actualizar"
      centered
      size="lg"
      fullScreen={mobile}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
    >
      {!recipient ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            {M.noEmail}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cerrar
            </Button>
          </Group>
        </Stack>
      ) : step === 'edit' ? (
        <form onSubmit={review} noValidate aria-label="Solicitud de documentos">
          <Stack gap="md">
            <Text size="sm">
              Elige los documentos que <strong>{fullName}</strong> debe volver a subir y explica el motivo. Recibirá un
              correo con un enlace, válido por 7 días.
            </Text>
            <Checkbox.Group
              label="Documentos a solicitar"
              withAsterisk
              value={documents}
              onChange={(v) => {
                setDocuments(v as RequestableKind[]);
                if (v.length > 0) setProblems((p) => ({ ...p, documents: undefined }));
              }}
              error={problems.documents}
            >
              <Stack gap="xs" mt="xs">
                {/* One box per document (domain document-kinds.ts): the DPI scan once, however the REST list spells it. */}
                {REQUESTABLE_KINDS.map((kind, i) => (
                  <Checkbox
                    key={kind}
                    value={kind}
                    label={DOCUMENT_KIND_INFO[kind].label}
                    ref={i === 0 ? firstCheckbox : undefined}
                    data-autofocus={i === 0 ? true : undefined}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <LimitedTextarea
              label="Comentario"
              description="Se incluye en el correo al candidato (mínimo 8 caracteres)."
              withAsterisk
              autosize
              minRows={3}
              maxRows={8}
              limit={LIMITS.note}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              error={problems.comment}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit">Continuar</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <Title order={3} fz="md" ref={confirmHeading} tabIndex={-1} style={{ outline: 'none' }}>
            Confirma la solicitud
          </Title>
          <div>
            <Text size="sm" c="dimmed">
              Destinatario
            </Text>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {fullName} · {recipient}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Documentos
            </Text>
            <List size="sm" spacing={2}>
              {chosen.map((k) => (
                <List.Item key={k}>{DOCUMENT_KIND_INFO[k].label}</List.Item>
              ))}
            </List>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Comentario
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {comment.trim()}
            </Text>
          </div>
          {failure && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={M.failedTitle}
              icon={<IconAlertTriangle aria-hidden />}
            >
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={back} disabled={loading}>
              Volver
            </Button>
            <Button onClick={() => void submit()} loading={loading}>
              Enviar
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
