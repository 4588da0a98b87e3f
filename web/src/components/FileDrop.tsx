import { Box, Button, Group, Input, Progress, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCircleCheck, IconFileTypePdf, IconPhotoUp, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { MAX_FILE_BYTES, UPLOAD_RULES, formatFileSize, type UploadPurpose } from '@bolsa/domain';
import { useRef } from 'react';
import type { FileSlot } from '../lib/use-file-uploads';

interface FileDropProps {
  id: string;
  label: string;
  /** What the file is for: the formats it takes, its hint and messages (domain files.ts). */
  purpose: UploadPurpose;
  slot: FileSlot;
  required: boolean;
  /** Stored in the candidate's profile already: counts as present (spec 1 §5.2). */
  stored?: boolean;
  /** Replaces the hint under the label (what the file is for, or what is stored). */
  description?: string;
  error?: string;
  onSelect: (file: File) => void;
  onReject: (message: string) => void;
  onClear: () => void;
}

/** One document of a form (application, profile): a Dropzone, its progress bar while sending, and its verdict. */
export function FileDrop({
  id,
  label,
  purpose,
  slot,
  required,
  stored,
  description,
  error,
  onSelect,
  onReject,
  onClear,
}: FileDropProps) {
  const openRef = useRef<() => void>(null);
  const rule = UPLOAD_RULES[purpose];
  const rejected = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
    onReject(codes.includes('file-too-large') ? rule.tooLarge.message : rule.invalid.message);
  };
  const message = slot.error ?? error;
  const describedBy = `${id}-hint${message ? ` ${id}-error` : ''}`;
  const Icon = rule.formats.includes('PDF') ? IconFileTypePdf : IconPhotoUp;
  return (
    <Input.Wrapper
      label={label}
      withAsterisk={required && !stored}
      description={description ?? (stored ? 'Guardado en tu perfil: puedes reemplazarlo.' : rule.hint)}
      error={message}
      errorProps={{ id: `${id}-error` }}
      descriptionProps={{ id: `${id}-hint` }}
    >
      {/*
       * The drop area is not itself a control: a control may not hold the file input (axe
       * nested-interactive), and its name would not say what it shows (label-in-name). The
       * keyboard and screen readers use the 'Elegir archivo' button inside it.
       */}
      <Dropzone
        mt={6}
        onDrop={(files) => {
          const f = files[0];
          if (f) onSelect(f);
        }}
        onReject={rejected}
        accept={rule.accept}
        maxSize={MAX_FILE_BYTES}
        multiple={false}
        useFsAccessApi={false}
        openRef={openRef}
        activateOnKeyboard={false}
        inputProps={{ 'aria-label': `Seleccionar ${label}` }}
        radius="md"
        p="sm"
      >
        <Group justify="center" gap="sm" mih={64} wrap="wrap">
          <Dropzone.Accept>
            <IconUpload size={32} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={32} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <Icon size={32} aria-hidden />
          </Dropzone.Idle>
          <Text size="sm" fw={600}>
            Arrastra el archivo aquí o
          </Text>
          <Button
            id={id}
            variant="light"
            size="compact-md"
            aria-label={`${label}: elegir archivo`}
            aria-describedby={describedBy}
            aria-invalid={message ? true : undefined}
            onClick={(e) => {
              // The drop area opens the chooser on a click too: once is enough.
              e.stopPropagation();
              openRef.current?.();
            }}
          >
            Elegir archivo
          </Button>
        </Group>
      </Dropzone>
      {slot.file && (
        <Box mt={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {slot.uploadId && <IconCircleCheck size={14} aria-hidden color="var(--mantine-color-green-8)" />}{' '}
              {slot.file.name} · {formatFileSize(slot.file.size)}
              {slot.uploadId ? ' · listo' : ''}
            </Text>
            <Button
              variant="subtle"
              color="red.9"
              size="compact-sm"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onClear}
              aria-label={`Quitar ${label}`}
            >
              Quitar
            </Button>
          </Group>
          {slot.progress !== null && (
            <Progress
              mt={4}
              value={slot.progress}
              size="md"
              animated
              aria-label={`Progreso de la carga: ${label}`}
              aria-valuetext={`${slot.progress}%`}
            />
          )}
        </Box>
      )}
    </Input.Wrapper>
  );
}
