import { Alert, Box, Button, Group, Image, Input, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconPhotoUp, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';
import { formatFileSize, MAX_FILE_BYTES, UPLOAD_RULES } from '@bolsa/domain';
import type { ImageUpload } from './use-image-upload';

interface ImageFieldProps {
  /** Its purpose (create or edit) says which images it takes, its hint and its messages. */
  upload: ImageUpload;
  /** The image the vacancy already has (edit). */
  currentUrl?: string | null;
  /** Create asks for an image; edit keeps the current one when none is chosen. */
  required: boolean;
  error?: ReactNode;
}

/** Step 3 'Imagen' (spec 2 §3): the vacancy's image, chosen, checked and uploaded. */
export function ImageField({ upload, currentUrl, required, error }: ImageFieldProps) {
  const openRef = useRef<() => void>(null);
  const rule = UPLOAD_RULES[upload.purpose];
  const shown = upload.previewUrl ?? currentUrl ?? null;
  const onDrop = (files: File[]) => {
    const f = files[0];
    if (f) upload.select(f);
  };
  // Said next to the field, and kept until the next choice: a refusal must not pass unseen.
  const onRejected = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
    upload.reject(codes.includes('file-too-large') ? rule.tooLarge : rule.invalid);
  };
  return (
    <Stack gap="sm">
      <Input.Wrapper label="Imagen de la vacante" withAsterisk={required} description={rule.hint} error={error}>
        <Dropzone
          mt={6}
          openRef={openRef}
          onDrop={onDrop}
          onReject={onRejected}
          accept={rule.accept}
          maxSize={MAX_FILE_BYTES}
          multiple={false}
          loading={false}
          activateOnClick
          inputProps={{ 'aria-label': 'Seleccionar imagen de la vacante' }}
          radius="md"
        >
          <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <IconUpload size={40} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={40} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhotoUp size={40} aria-hidden />
            </Dropzone.Idle>
            <Box>
              <Text fw={600}>Arrastra la imagen aquí o haz clic para elegirla</Text>
              {!required && (
                <Text size="sm" c="dimmed">
                  Si no eliges una, se conserva la imagen actual.
                </Text>
              )}
            </Box>
          </Group>
        </Dropzone>
      </Input.Wrapper>
      {upload.progress !== null && (
        <Box>
          <Text size="xs" c="dimmed" mb={4}>
            Subiendo imagen… {upload.progress}%
          </Text>
          <Progress value={upload.progress} aria-label="Progreso de la carga de la imagen" size="md" animated />
        </Box>
      )}
      {upload.error && (
        <Alert
          role="alert"
          color="red"
          variant="light"
          title={upload.error.title}
          icon={<IconX size={20} aria-hidden />}
        >
          {upload.error.message}
        </Alert>
      )}
      {shown ? (
        <Paper withBorder radius="md" p="xs">
          <Image src={shown} alt="Vista previa de la imagen de la vacante" radius="sm" mah={280} fit="contain" />
          <Group justify="space-between" mt="xs" gap="xs">
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {upload.file ? `${upload.file.name} · ${formatFileSize(upload.file.size)}` : 'Imagen actual'}
            </Text>
            {upload.file && (
              <Button
                variant="subtle"
                color="red.9"
                c="red.9"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={upload.clear}
              >
                Quitar imagen
              </Button>
            )}
          </Group>
        </Paper>
      ) : (
        <Group gap="xs" c="dimmed">
          <IconPhoto size={16} aria-hidden />
          <Text size="sm">Aún no se ha elegido ninguna imagen.</Text>
        </Group>
      )}
    </Stack>
  );
}
